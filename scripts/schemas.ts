/** Generates schemas/*.schema.json from the protocol's and the repository file's zod schemas: `npx tsx scripts/schemas.ts`. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as prettier from 'prettier'
import { z } from 'zod'
import {
  CorrectRequestSchema,
  CorrectResponseSchema,
  ReviewRequestSchema,
  ReviewResponseSchema
} from '../src/sources/review-response.js'
import { RepoConfigFileSchema } from '../src/config/schema.js'
import {
  ClassifyRequestSchema,
  ClassifyResponseSchema,
  GoalRequestSchema,
  GoalResponseSchema,
  VerifyRequestSchema,
  VerifyResponseSchema
} from '../src/driver/protocol.js'
import {
  FitRequestSchema,
  FitResponseSchema,
  ScanRequestSchema,
  ScanResponseSchema,
  WriteRequestSchema,
  WriteResponseSchema
} from '../src/driver/apply-roles.js'
import { AdmitRequestSchema, AdmitResponseSchema } from '../src/driver/admit-role.js'

/** Where the generated files live, relative to the repository root. */
export const SCHEMAS_DIR = 'schemas'

const SCHEMAS = {
  'review-request.schema.json': ReviewRequestSchema,
  'review-response.schema.json': ReviewResponseSchema,
  'correct-request.schema.json': CorrectRequestSchema,
  'correct-response.schema.json': CorrectResponseSchema
}

// The repository file is closed: a misspelt key must show in the editor as it fails the run, never pass unnoticed.
// The driver's roles are the loop's own wire, closed both ways (src/driver/protocol.ts, docs/driver.md).
const CLOSED_SCHEMAS = {
  'review-loop-config.schema.json': RepoConfigFileSchema,
  'driver-verify-request.schema.json': VerifyRequestSchema,
  'driver-verify-response.schema.json': VerifyResponseSchema,
  'driver-goal-request.schema.json': GoalRequestSchema,
  'driver-goal-response.schema.json': GoalResponseSchema,
  'driver-classify-request.schema.json': ClassifyRequestSchema,
  'driver-classify-response.schema.json': ClassifyResponseSchema,
  'driver-scan-request.schema.json': ScanRequestSchema,
  'driver-scan-response.schema.json': ScanResponseSchema,
  'driver-write-request.schema.json': WriteRequestSchema,
  'driver-write-response.schema.json': WriteResponseSchema,
  'driver-fit-request.schema.json': FitRequestSchema,
  'driver-fit-response.schema.json': FitResponseSchema,
  'driver-admit-request.schema.json': AdmitRequestSchema,
  'driver-admit-response.schema.json': AdmitResponseSchema
}

/** The JSON schema files by name, formatted as the repository's prettier config would leave them. */
export async function renderSchemas(root: string): Promise<Record<string, string>> {
  const options = (await prettier.resolveConfig(join(root, SCHEMAS_DIR, 'x.json'))) ?? {}
  const files: Record<string, string> = {}
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    // Input types: no object is closed to extra fields, as both sides may add some (contract.md).
    const json = z.toJSONSchema(schema, { io: 'input' })
    files[name] = await prettier.format(JSON.stringify(json), { ...options, parser: 'json' })
  }
  for (const [name, schema] of Object.entries(CLOSED_SCHEMAS)) {
    const json = z.toJSONSchema(schema, { io: 'input' })
    files[name] = await prettier.format(JSON.stringify(json), { ...options, parser: 'json' })
  }
  return files
}

async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  for (const [name, text] of Object.entries(await renderSchemas(root))) {
    const path = join(root, SCHEMAS_DIR, name)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    console.log(`wrote ${join(SCHEMAS_DIR, name)}`)
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main()
}

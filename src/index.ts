/** The action's entry point. */
import { run } from './main.js'

await run()

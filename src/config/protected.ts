/** Paths no fix may touch without a person: the rule is the protocol's, in src/loop/protection.ts. */
export { protects, protectionOf } from '../loop/protection.js'

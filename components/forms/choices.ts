// Fixed choices of the quote and samples forms, typed against the lead schema (types only: a
// value import of lib/leads/schema would pull zod into the first-load bundle). `satisfies`
// makes a process or unit added to the schema fail type checking here until it is offered.
import type { Lead } from '../../lib/leads/schema'

type Quote = Extract<Lead, { kind: 'quote' }>
export type Process = NonNullable<Quote['process']>
export type QuantityUnit = Quote['quantity_unit']

const PROCESS_SET = { 'standard-cooking': true, roasting: true, smoking: true, drying: true } satisfies Record<Process, true>
const UNIT_SET = { rolls: true, metres: true } satisfies Record<QuantityUnit, true>

export const PROCESSES = Object.keys(PROCESS_SET) as Process[]
export const QUANTITY_UNITS = Object.keys(UNIT_SET) as QuantityUnit[]

export const isProcess = (v: string): v is Process => Object.hasOwn(PROCESS_SET, v)

/**
 * The sandbox's card network lives in the contract (contract/src/sandbox-cards.ts), so the web's
 * mock API answers a test card exactly as this server does.
 */
export { brandOf, chargeOutcome, luhnValid, type CardOutcome, type SandboxCard } from '@torque/contract';

/**
 * Company accounts' constants without zod (issue 30): the web's company pages render the roles
 * from them and import them alone (`@torque/contract/company-rules`), so the schemas load only
 * with a form (issue 31). companies.ts builds its schemas on them and re-exports them.
 */
export const COMPANY_ROLES = ['admin', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_NAME_MAX = 120;
/** The longest a company's payment terms run (Net N days) and the largest credit limit. */
export const NET_DAYS_MAX = 365;
export const CREDIT_LIMIT_MAX = 10_000_000;

import { PLAN_RANK, PLAN_TITLE, type Plan } from '../../lib/datasets.ts';

export type { Plan };
export { PLAN_TITLE };

export const PLANS: readonly Plan[] = ['free', 'professional', 'fund'];

/** Requests per key per minute on the throttled routes (spec 8.1). */
export const RATE_LIMIT_PER_MINUTE: Record<Plan, number> = { free: 20, professional: 120, fund: 600 };

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** Each higher plan includes the lower ones. */
export function planAllows(plan: Plan, minPlan: Plan): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[minPlan];
}

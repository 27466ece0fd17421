import { randomBytes } from 'node:crypto';

export const newSubscriptionId = () => `whsub_${randomBytes(12).toString('hex')}`;
export const newDeliveryId = () => `whdel_${randomBytes(12).toString('hex')}`;

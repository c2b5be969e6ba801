import { ok, route } from '../common/http';

export const health = route('health', {}, async () => ok({ status: 'ok' }));

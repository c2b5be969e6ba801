import { contactMessageInput } from '@shared/contact/schemas';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { accepted, route } from '../common/http';
import { keyedHash } from '../common/keyed-hash';
import { rateLimiter } from '../common/rate-limit';
import { contactRepo } from './repository';
import { receiveContactMessage } from './service';

const repo = contactRepo(dynamoDb, () => tableName('contactMessages'));
const limiter = rateLimiter(dynamoDb, tableName('rateLimits'));

export const sendContactMessage = route(
  'sendContactMessage',
  { body: contactMessageInput },
  async ({ body, sourceIp }) => {
    const message = await receiveContactMessage(repo, limiter, keyedHash, sourceIp, body);
    return accepted({ id: message.id, status: 'received' });
  },
);

import { describe, expect, it } from 'vitest';
import { contactMessageInput } from '@shared/contact/schemas';

const message = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Billing question',
  message: 'How do I switch to annual billing?',
};

describe('contactMessageInput', () => {
  it('accepts a message and defaults the category to general', () => {
    expect(contactMessageInput.parse(message)).toEqual({ ...message, category: 'general' });
  });

  it('keeps a given category and trims text', () => {
    expect(contactMessageInput.parse({ ...message, name: ' Ada ', category: 'enterprise' })).toMatchObject({
      name: 'Ada',
      category: 'enterprise',
    });
  });

  it.each([
    [{ ...message, name: '  ' }, 'name'],
    [{ ...message, email: 'not-an-email' }, 'email'],
    [{ ...message, subject: '' }, 'subject'],
    [{ ...message, message: undefined }, 'message'],
    [{ ...message, category: 'sales' }, 'category'],
    [{ ...message, message: 'x'.repeat(5001) }, 'message'],
    [{ ...message, name: 'x'.repeat(101) }, 'name'],
  ])('rejects %j at %s', (input, field) => {
    const result = contactMessageInput.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });
});

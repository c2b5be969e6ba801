/** Environment variables of notification delivery, read by lambdas/notifications and set by the CDK and the local runtime. */
export const notificationEnv = {
  /** 'true' lets `npm start` (stage `local` only) post webhooks to http://127.0.0.1 (tests). */
  allowLocalWebhooks: 'ALLOW_LOCAL_WEBHOOKS',
  /** The local outbox file e-mail is appended to (set by the local runtime). */
  localOutboxFile: 'LOCAL_OUTBOX_FILE',
  /** The SQS queue pending deliveries are sent to (AWS). */
  queueUrl: 'NOTIFICATIONS_QUEUE_URL',
  /** The stage's SES identity to send from (`Edge Options <alerts@example.com>`). */
  mailFrom: 'NOTIFICATIONS_MAIL_FROM',
  /** Milliseconds before the local worker's first retry (doubled each time; default 1000). */
  localRetryMs: 'LOCAL_NOTIFICATION_RETRY_MS',
} as const;

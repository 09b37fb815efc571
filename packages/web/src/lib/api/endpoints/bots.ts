import { call } from '../call';

/** Bots are users with `is_bot`; the web client names them `bot_<ms>@<host>` (API.md §10.1). */
export const createBot = (name: string, webhookUrl: string) =>
  call(
    'adminCreateUser',
    {
      body: {
        email: `bot_${Date.now()}@${location.hostname || 'localhost'}`,
        password: '',
        name,
        gender: 1,
        is_admin: false,
        is_bot: true,
        ...(webhookUrl && { webhook_url: webhookUrl }),
      },
    },
    { errors: { 406: 'bots:errors.webhook_invalid', 409: 'bots:errors.name_taken' } },
  );

export const listAdminUsers = () => call('adminListUsers');

export const setBotWebhook = (uid: number, webhookUrl: string) =>
  call(
    'adminUpdateUser',
    { params: { uid }, body: { webhook_url: webhookUrl || null } },
    { errors: { 406: 'bots:errors.webhook_invalid', 400: 'bots:errors.webhook_invalid' } },
  );

export const createBotKey = (uid: number, name: string) =>
  call(
    'createBotKey',
    { params: { uid }, body: { name } },
    { errors: { 409: 'bots:errors.key_name_taken' } },
  );

export const listBotKeys = (uid: number) => call('listBotKeys', { params: { uid } });

export const revokeBotKey = (uid: number, kid: number) => call('deleteBotKey', { params: { uid, kid } });

export const getBotWebhook = (uid: number) => call('getBotWebhook', { params: { uid } });

export const rotateBotSecret = (uid: number) => call('rotateBotWebhookSecret', { params: { uid } });

export const listDeliveries = (uid: number) => call('listWebhookDeliveries', { params: { uid } });

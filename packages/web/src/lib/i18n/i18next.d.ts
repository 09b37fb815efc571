import 'i18next';
import type actions from '../../../public/locales/en/actions.json';
import type admin from '../../../public/locales/en/admin.json';
import type accounts from '../../../public/locales/en/accounts.json';
import type audit from '../../../public/locales/en/audit.json';
import type auth from '../../../public/locales/en/auth.json';
import type bots from '../../../public/locales/en/bots.json';
import type channels from '../../../public/locales/en/channels.json';
import type chat from '../../../public/locales/en/chat.json';
import type contacts from '../../../public/locales/en/contacts.json';
import type conversation from '../../../public/locales/en/conversation.json';
import type common from '../../../public/locales/en/common.json';
import type embed from '../../../public/locales/en/embed.json';
import type thirdparty from '../../../public/locales/en/thirdparty.json';
import type governance from '../../../public/locales/en/governance.json';
import type fav from '../../../public/locales/en/fav.json';
import type file from '../../../public/locales/en/file.json';
import type filespage from '../../../public/locales/en/filespage.json';
import type invites from '../../../public/locales/en/invites.json';
import type prefs from '../../../public/locales/en/prefs.json';
import type directory from '../../../public/locales/en/directory.json';
import type previews from '../../../public/locales/en/previews.json';
import type notify from '../../../public/locales/en/notify.json';
import type platform from '../../../public/locales/en/platform.json';
import type media from '../../../public/locales/en/media.json';
import type member from '../../../public/locales/en/member.json';
import type search from '../../../public/locales/en/search.json';
import type voice from '../../../public/locales/en/voice.json';
import type signin from '../../../public/locales/en/signin.json';
import type twofactor from '../../../public/locales/en/twofactor.json';
import type myaccount from '../../../public/locales/en/myaccount.json';
import type invitemobile from '../../../public/locales/en/invitemobile.json';
import type setting from '../../../public/locales/en/setting.json';
import type welcome from '../../../public/locales/en/welcome.json';
import type widget from '../../../public/locales/en/widget.json';

/** Translation keys are typed from the English files, so a missing key fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      chat: typeof chat;
      member: typeof member;
      setting: typeof setting;
      fav: typeof fav;
      file: typeof file;
      filespage: typeof filespage;
      welcome: typeof welcome;
      auth: typeof auth;
      widget: typeof widget;
      actions: typeof actions;
      bots: typeof bots;
      accounts: typeof accounts;
      search: typeof search;
      conversation: typeof conversation;
      previews: typeof previews;
      notify: typeof notify;
      voice: typeof voice;
      signin: typeof signin;
      channels: typeof channels;
      platform: typeof platform;
      admin: typeof admin;
      invites: typeof invites;
      contacts: typeof contacts;
      audit: typeof audit;
      media: typeof media;
      twofactor: typeof twofactor;
      myaccount: typeof myaccount;
      invitemobile: typeof invitemobile;
      prefs: typeof prefs;
      directory: typeof directory;
      embed: typeof embed;
      thirdparty: typeof thirdparty;
      governance: typeof governance;
    };
  }
}

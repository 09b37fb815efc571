import { squareImageType } from '../blobs/images.js';
import type { Ctx } from '../context.js';
import { imageBytes } from '../http/body.js';
import * as groups from '../services/groups.js';
import { createRegistrationLink } from '../services/invites.js';
import type { Handlers } from './register.js';
import { IMMUTABLE } from './users.js';

export const groupHandlers = (ctx: Ctx) =>
  ({
    createGroup: (req) => groups.createGroup(ctx, req.actor, req.body),
    listGroups: async (req) => {
      const list = await groups.listGroups(ctx, req.actor);
      return req.query.public_only ? list.filter((g) => g.is_public) : list;
    },
    createRegMagicLink: (req) =>
      createRegistrationLink(ctx, req.actor, req.query, `${req.protocol}://${req.host}`),
    getGroup: (req) => groups.getGroup(ctx, req.actor, req.params.gid),
    updateGroup: (req) => groups.updateGroup(ctx, req.actor, req.params.gid, req.body),
    deleteGroup: (req) => groups.deleteGroup(ctx, req.actor, req.params.gid),
    changeGroupType: (req) => groups.changeGroupType(ctx, req.actor, req.params.gid, req.body),
    leaveGroup: (req) => groups.leaveGroup(ctx, req.actor, req.params.gid),
    addMembers: (req) => groups.addMembers(ctx, req.actor, req.params.gid, req.body),
    removeMembers: (req) => groups.removeMembers(ctx, req.actor, req.params.gid, req.body),
    setGroupAvatar: (req) =>
      groups.setGroupAvatar(ctx, req.actor, req.params.gid, imageBytes(req), req.query.crop),
    getGroupAvatar: async (req) => {
      const image = await groups.getGroupAvatar(ctx, req.query.gid);
      return { image, contentType: squareImageType(image), cacheControl: IMMUTABLE };
    },
  }) satisfies Partial<Handlers>;

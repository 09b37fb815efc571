import type { Ctx } from '../context.js';
import * as audit from '../services/audit.js';
import type { Handlers } from './register.js';

export const auditHandlers = (ctx: Ctx) =>
  ({
    listAudit: (req) => audit.listAudit(ctx, req.actor, req.query),
    exportAudit: async (req, reply) => {
      const csv = await audit.exportAudit(ctx, req.actor, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  }) satisfies Partial<Handlers>;

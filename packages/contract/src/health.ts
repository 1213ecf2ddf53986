import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  demo: z.boolean(),
});

export type Health = z.infer<typeof healthSchema>;

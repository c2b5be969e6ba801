/**
 * Runs tool calls for one question and keeps what they cite. A tool that fails (bad arguments, an
 * unknown symbol, a plan limit, a broken store) answers `{error}` to the caller, which the model
 * reads like any result: errors are told to the model, never thrown at the user.
 */
import * as z from 'zod';
import type { ChatCitation } from '@shared/chat/schemas';
import { AppError } from '../common/errors';
import { recordMetric, type Logger } from '../common/observability';
import { toolNamed, type ChatTool, type ToolContext } from './tools';

type Outcome<R> = { ok: true; result: R } | { ok: false; error: string };

export class Toolbox {
  readonly citations: ChatCitation[] = [];

  constructor(
    private readonly ctx: ToolContext,
    private readonly logger: Logger,
  ) {}

  /** Runs a tool with arguments to validate; a failure is an `error` text, never a throw. */
  async run<S extends z.ZodType, R>(tool: ChatTool<S, R>, args: unknown): Promise<Outcome<R>> {
    recordMetric('aiToolCalls', 1, { tool: tool.name });
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) return { ok: false, error: `Invalid arguments: ${z.prettifyError(parsed.error)}` };
    try {
      const { result, citation } = await tool.run(parsed.data, this.ctx);
      this.citations.push(citation);
      return { ok: true, result };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.message };
      this.logger.warn('chat tool failed', { tool: tool.name, error });
      return { ok: false, error: `${tool.name} failed; the data is unavailable right now` };
    }
  }

  /** A model's tool call: the tool by name, its arguments as JSON text; the answer as JSON text. */
  async call(name: string, jsonArgs: string): Promise<string> {
    const tool = toolNamed(name);
    let outcome: Outcome<unknown>;
    if (!tool) outcome = { ok: false, error: `There is no tool named ${name}` };
    else {
      let args: unknown;
      try {
        args = jsonArgs.trim() ? JSON.parse(jsonArgs) : {};
      } catch {
        args = undefined;
      }
      outcome =
        args === undefined
          ? { ok: false, error: 'The arguments are not valid JSON' }
          : await this.run(tool, args);
    }
    return JSON.stringify(outcome.ok ? outcome.result : { error: outcome.error });
  }
}

import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import { Controller, Get, type OnModuleInit, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import express, { type Request, type Response } from 'express';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { QUEUE_NAMES } from '../../platform/queues/queue-names';

/** Where admins open the queue view (`/api/admin/queues`). */
const QUEUE_BOARD_PATH = '/api/admin/queues';

/**
 * The board is a small single-page app of its own: scripts, styles and data
 * from this origin only (the API's default policy allows nothing at all).
 */
const QUEUE_BOARD_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  // Its page sets <base href> to the board's path.
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/**
 * Admins' queue view: bull-board over every BullMQ queue, with
 * waiting, delayed and failed jobs, their errors, and retry. It runs behind
 * the global staff guard as any admin route does (a session of an admin), so
 * the board's own express router only serves what that guard let through.
 */
@AdminOnly()
@Controller('admin/queues')
export class QueueBoardController implements OnModuleInit {
  private readonly board = express();

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    const serverAdapter = new ExpressAdapter();
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: QUEUE_NAMES.map(
        (name) =>
          new BullMQAdapter(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })),
      ),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'ProSign queues' } },
    });
    this.board.disable('x-powered-by');
    this.board.use(QUEUE_BOARD_PATH, serverAdapter.getRouter());
  }

  // The board's own verbs: pages, static files and reads (GET); retry, promote, clean and
  // pause (PUT, PATCH, POST). Each is its own route so the route-access table lists it.
  @Get(['', '{*path}'])
  read(@Req() request: Request, @Res() response: Response): void {
    this.serve(request, response);
  }

  @Put('{*path}')
  update(@Req() request: Request, @Res() response: Response): void {
    this.serve(request, response);
  }

  @Patch('{*path}')
  change(@Req() request: Request, @Res() response: Response): void {
    this.serve(request, response);
  }

  @Post('{*path}')
  act(@Req() request: Request, @Res() response: Response): void {
    this.serve(request, response);
  }

  private serve(request: Request, response: Response): void {
    response.setHeader('Content-Security-Policy', QUEUE_BOARD_CSP);
    this.board(request, response);
  }
}

import {
  BadRequestException,
  Controller,
  Get,
  HttpException,
  HttpStatus,
  type INestApplication,
  Module,
} from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import request from 'supertest';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { toErrorBody } from './error-body';

@Controller('boom')
class BoomController {
  @Get('not-found')
  notFound(): never {
    throw new HttpException('Contract not found', HttpStatus.NOT_FOUND);
  }

  @Get('validation')
  validation(): never {
    throw new BadRequestException(['message must be a string']);
  }

  @Get('bug')
  bug(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'secret')");
  }
}

@Module({
  controllers: [BoomController],
  providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
})
class BoomModule {}

describe('AllExceptionsFilter', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await NestFactory.create(BoomModule, { logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('keeps the status and message of an HTTP error', async () => {
    const res = await request(app.getHttpServer()).get('/boom/not-found').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: 'Contract not found',
      error: 'Not Found',
    });
  });

  it('keeps validation messages as a list', async () => {
    const res = await request(app.getHttpServer()).get('/boom/validation').expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: ['message must be a string'],
      error: 'Bad Request',
    });
  });

  it('hides unknown errors behind a 500 without details', async () => {
    const res = await request(app.getHttpServer()).get('/boom/bug').expect(500);
    expect(res.body).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal Server Error',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|TypeError|at /);
  });

  it('answers unknown routes with the same shape', async () => {
    const res = await request(app.getHttpServer()).get('/nowhere').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: 'Cannot GET /nowhere',
      error: 'Not Found',
    });
  });

  it('passes through client errors raised below Nest (e.g. malformed JSON)', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected end of JSON input'), {
      status: 400,
      expose: true,
    });
    expect(toErrorBody(parseError)).toEqual({
      statusCode: 400,
      message: 'Unexpected end of JSON input',
      error: 'Bad Request',
    });
  });

  it('never exposes server-side errors even when they carry a status', () => {
    const upstream = Object.assign(new Error('db password rejected'), {
      status: 503,
      expose: false,
    });
    expect(toErrorBody(upstream)).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal Server Error',
    });
  });
});

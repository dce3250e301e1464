import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  Get,
  type INestApplication,
  Module,
  NotFoundException,
  Post,
} from '@nestjs/common';
import { APP_FILTER, APP_PIPE, NestFactory } from '@nestjs/core';
import { IsEmail, IsString } from 'class-validator';
import request from 'supertest';
import { createValidationPipe } from '../validation/validation.pipe';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { PROBLEM_TYPES } from '../public-api/problem-types';

class RecipientBody {
  @IsString() name!: string;
  @IsEmail() email!: string;
}

@Controller('api/v1/boom')
class PublicBoomController {
  @Get('not-found')
  notFound(): never {
    throw new NotFoundException('No agreement with this id.');
  }

  @Get('invalid')
  invalid(): never {
    throw new BadRequestException({
      message: 'The agreement is not valid.',
      errors: [
        { path: 'recipients.0.email', message: 'Invalid email' },
        { path: 'serviceId', message: 'Required' },
      ],
    });
  }

  @Get('scope')
  scope(): never {
    throw new ForbiddenException({
      message: 'This API key lacks the scope agreements:write.',
      type: PROBLEM_TYPES.insufficientScope,
    });
  }

  @Get('bug')
  bug(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'secretHash')");
  }

  @Post('recipients')
  addRecipient(@Body() body: RecipientBody) {
    return body;
  }
}

@Controller('api/boom')
class StaffBoomController {
  @Get('not-found')
  notFound(): never {
    throw new NotFoundException('Contract not found');
  }
}

@Module({
  controllers: [PublicBoomController, StaffBoomController],
  providers: [
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
  ],
})
class BoomModule {}

describe('problem details (RFC 9457) for the public api', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await NestFactory.create(BoomModule, { logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('answers an error as application/problem+json with type, title, status, detail and instance', async () => {
    const res = await http().get('/api/v1/boom/not-found?cursor=abc').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No agreement with this id.',
      instance: '/api/v1/boom/not-found',
    });
  });

  it('keeps the fields of a refused request as errors [{path, message}]', async () => {
    const res = await http().get('/api/v1/boom/invalid').expect(400);
    expect(res.body).toEqual({
      type: PROBLEM_TYPES.validation,
      title: 'The request is not valid',
      status: 400,
      detail: 'The agreement is not valid.',
      instance: '/api/v1/boom/invalid',
      errors: [
        { path: 'recipients.0.email', message: 'Invalid email' },
        { path: 'serviceId', message: 'Required' },
      ],
    });
  });

  it("turns the validation pipe's refusals into errors with their field", async () => {
    const res = await http()
      .post('/api/v1/boom/recipients')
      .send({ name: 'Jo', email: 'not an address', role: 'owner' })
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: PROBLEM_TYPES.validation, status: 400 });
    expect((res.body as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining([
        { path: 'role', message: 'property role should not exist' },
        { path: 'email', message: 'email must be an email' },
      ]),
    );
  });

  it('names a problem of its own by its type', async () => {
    const res = await http().get('/api/v1/boom/scope').expect(403);
    expect(res.body).toMatchObject({
      type: PROBLEM_TYPES.insufficientScope,
      title: 'The API key lacks a scope this route needs',
      detail: 'This API key lacks the scope agreements:write.',
    });
  });

  it("says nothing of a 500's cause", async () => {
    const res = await http().get('/api/v1/boom/bug').expect(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Something went wrong on our side; it has been logged.',
      instance: '/api/v1/boom/bug',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secretHash|TypeError|at /);
  });

  it('answers an unknown public-api path and a malformed body as problems too', async () => {
    const missing = await http().get('/api/v1/nowhere').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.body).toMatchObject({ status: 404, instance: '/api/v1/nowhere' });

    const malformed = await http()
      .post('/api/v1/boom/recipients')
      .set('content-type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(malformed.body).toMatchObject({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
    });
  });

  it("leaves the staff api's errors as they were", async () => {
    const res = await http().get('/api/boom/not-found').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      statusCode: 404,
      message: 'Contract not found',
      error: 'Not Found',
    });
  });
});

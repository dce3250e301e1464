import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { DiagnosticsService } from './diagnostics.service';
import { EchoRequestDto } from './dto/echo-request.dto';
import type { EchoAcceptedDto, EchoStatusDto } from './dto/echo-status.dto';

/** Proves the api → queue → worker → api round trip on a running system. Administrators only. */
@AdminOnly()
@Controller('diagnostics')
export class DiagnosticsController {
  constructor(private readonly diagnostics: DiagnosticsService) {}

  @Post('echo')
  @HttpCode(HttpStatus.ACCEPTED)
  enqueueEcho(@Body() body: EchoRequestDto): Promise<EchoAcceptedDto> {
    return this.diagnostics.enqueueEcho(body);
  }

  @Get('echo/:jobId')
  echoStatus(@Param('jobId') jobId: string): Promise<EchoStatusDto> {
    return this.diagnostics.echoStatus(jobId);
  }
}

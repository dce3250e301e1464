import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Req,
  StreamableFile,
} from '@nestjs/common';
import {
  INVOICES_ACCESS_FLAG,
  type SendInvoiceResponse,
  type UpdateInvoiceStatusResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import {
  InvoicePdfParams,
  InvoiceTypeParam,
  SendInvoiceDto,
  UpdateInvoiceStatusDto,
} from './dto/invoice-requests.dto';
import { InvoiceService } from './invoice.service';

/** PUT /api/invoice/update-status (spec 3 §7 "Invoices"); invoices need dashboardAccess (README). */
@RequireAccess(INVOICES_ACCESS_FLAG)
@Controller('invoice')
export class InvoiceStatusController {
  constructor(private readonly invoices: InvoiceService) {}

  @Put('update-status')
  updateStatus(
    @Body() body: UpdateInvoiceStatusDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<UpdateInvoiceStatusResponse> {
    return this.invoices.updateStatus(body, staffActor(staff, request));
  }
}

/** Sending an invoice (or its reminder) and its PDF (spec 3 §7 "Invoices"). */
@RequireAccess(INVOICES_ACCESS_FLAG)
@Controller('template')
export class InvoiceTemplateController {
  constructor(private readonly invoices: InvoiceService) {}

  @Post('send-:type-invoice')
  @HttpCode(HttpStatus.OK)
  send(
    @Param() { type }: InvoiceTypeParam,
    @Body() body: SendInvoiceDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<SendInvoiceResponse> {
    return this.invoices.send(type, body, staffActor(staff, request));
  }

  @Get('download-:type-pdf/:token')
  async download(@Param() { type, token }: InvoicePdfParams): Promise<StreamableFile> {
    const file = await this.invoices.pdf(type, token);
    return new StreamableFile(file.pdf, {
      type: 'application/pdf',
      length: file.pdf.length,
      disposition: `attachment; filename="${file.filename}"`,
    });
  }
}

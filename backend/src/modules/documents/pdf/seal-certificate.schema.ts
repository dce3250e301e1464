import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The self-signed sealing certificate generated when no SEAL_P12_BASE64 is
 * configured, shared by every api and worker process through MongoDB.
 */
@Schema({ collection: 'seal_certificates', timestamps: true })
export class SealCertificate {
  @Prop({ type: String, required: true })
  _id: string;

  /** PKCS#12, base64. */
  @Prop({ type: String, required: true })
  p12Base64: string;

  @Prop({ type: String, required: true })
  passphrase: string;

  @Prop({ type: String, required: true })
  subject: string;
}

export const SealCertificateSchema = SchemaFactory.createForClass(SealCertificate);

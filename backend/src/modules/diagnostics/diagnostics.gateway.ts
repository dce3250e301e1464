import { SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { ClientEvent, type PongReply } from '../../platform/realtime/realtime-events';

/** Lets a client check its Socket.IO connection end to end (path, CORS, adapter). */
@WebSocketGateway()
export class DiagnosticsGateway {
  /** The returned value is sent as the acknowledgement of the client's emit. */
  @SubscribeMessage(ClientEvent.Ping)
  ping(): PongReply {
    return { pong: true, at: new Date().toISOString() };
  }
}

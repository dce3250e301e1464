import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { ClientEvent, type PongReply } from '../../platform/realtime/realtime-events';
import { ADMISSION_KEY } from '../../platform/realtime/staff-room.gateway';

/** Lets a client check its Socket.IO connection end to end (path, CORS, adapter). */
@WebSocketGateway()
export class DiagnosticsGateway {
  /**
   * The returned value is sent as the acknowledgement of the client's emit;
   * it waits for the socket's staff-room admission, so a pong means the
   * socket is in every room it may join.
   */
  @SubscribeMessage(ClientEvent.Ping)
  async ping(@ConnectedSocket() socket: Socket): Promise<PongReply> {
    await (socket.data as Record<string, unknown> | undefined)?.[ADMISSION_KEY];
    return { pong: true, at: new Date().toISOString() };
  }
}

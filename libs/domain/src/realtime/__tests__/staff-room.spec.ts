import { SOW_STAFF_ROOM, STAFF_ROOM, staffRoomOf } from '../realtime-events';

describe('staffRoomOf', () => {
  it('sends each family to the room of the dashboard that lists it', () => {
    expect(staffRoomOf('standard')).toBe(STAFF_ROOM);
    // Change orders are listed on the contract dashboard under Show CO.
    expect(staffRoomOf('co')).toBe(STAFF_ROOM);
    expect(staffRoomOf('sow')).toBe(SOW_STAFF_ROOM);
  });
});

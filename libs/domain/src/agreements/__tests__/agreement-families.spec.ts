import { SOW_STAFF_ROOM, STAFF_ROOM } from '../../realtime/realtime-events';
import { dashboardAccessOf, staffRoomOf } from '../agreement-families';

describe('staffRoomOf', () => {
  it('sends each family to the room of the dashboard that lists it', () => {
    expect(staffRoomOf('standard')).toBe(STAFF_ROOM);
    // Change orders are listed on the contract dashboard under Show CO.
    expect(staffRoomOf('co')).toBe(STAFF_ROOM);
    expect(staffRoomOf('sow')).toBe(SOW_STAFF_ROOM);
  });
});

describe('dashboardAccessOf', () => {
  it('puts change orders on the contract dashboard with standard contracts, SOWs on their own', () => {
    expect(dashboardAccessOf('standard')).toBe('dashboardAccess');
    expect(dashboardAccessOf('co')).toBe('dashboardAccess');
    expect(dashboardAccessOf('sow')).toBe('sowDashboardAccess');
  });
});

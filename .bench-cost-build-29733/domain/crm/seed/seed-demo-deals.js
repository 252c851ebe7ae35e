import {
  DEMO_DEVELOPER_ID,
  DEMO_SECOND_DEVELOPER_ID,
  DEMO_USERS
} from "../../../platform/auth/demo-users.js";
import {
  DEFAULT_BOOKING_DURATION_HOURS,
  DEFAULT_RESERVE_DURATION_MINUTES
} from "../booking/booking.types.js";
const DEMO_CRM = {
  freeProgramId: "0b5e1d7a-0000-4000-8000-0000000c0001",
  paidProgramId: "0b5e1d7a-0000-4000-8000-0000000c0002",
  secondDeveloperProgramId: "0b5e1d7a-0000-4000-8000-0000000c0003",
  secondDeveloperPaidProgramId: "0b5e1d7a-0000-4000-8000-0000000c0004",
  agentDealIds: ["0b5e1d7a-0000-4000-8000-0000000d0001", "0b5e1d7a-0000-4000-8000-0000000d0002"],
  investorDealId: "0b5e1d7a-0000-4000-8000-0000000d0003",
  draftDealId: "0b5e1d7a-0000-4000-8000-0000000d0004"
};
const PAID_RESERVE_MINUTES = 24 * 60;
const FIRST_VERSION = 1;
async function seedDemoCrm(deps) {
  const now = deps.clock.now();
  const agent = DEMO_USERS.agent.userId;
  const investor = DEMO_USERS.investor.userId;
  const deals = [
    ...DEMO_CRM.agentDealIds.map((id, i) => ({
      id,
      title: `Demo deal ${i + 1} (agent)`,
      status: "Application",
      agentUserId: agent,
      investorUserId: investor,
      tenantId: DEMO_DEVELOPER_ID
    })),
    {
      id: DEMO_CRM.investorDealId,
      title: "Demo deal (investor)",
      status: "Application",
      agentUserId: null,
      investorUserId: investor,
      tenantId: DEMO_DEVELOPER_ID
    },
    {
      id: DEMO_CRM.draftDealId,
      title: "Demo draft deal (developer not engaged)",
      status: "Draft",
      agentUserId: agent,
      investorUserId: investor,
      tenantId: null
    }
  ];
  const programs = [
    {
      id: DEMO_CRM.freeProgramId,
      tenantId: DEMO_DEVELOPER_ID,
      name: "Free booking",
      isPaid: false,
      isDefault: true,
      reserveDurationMinutes: DEFAULT_RESERVE_DURATION_MINUTES
    },
    {
      id: DEMO_CRM.paidProgramId,
      tenantId: DEMO_DEVELOPER_ID,
      name: "Paid booking",
      isPaid: true,
      isDefault: false,
      reserveDurationMinutes: PAID_RESERVE_MINUTES
    },
    {
      id: DEMO_CRM.secondDeveloperProgramId,
      tenantId: DEMO_SECOND_DEVELOPER_ID,
      name: "Free booking",
      isPaid: false,
      isDefault: true,
      reserveDurationMinutes: DEFAULT_RESERVE_DURATION_MINUTES
    },
    {
      id: DEMO_CRM.secondDeveloperPaidProgramId,
      tenantId: DEMO_SECOND_DEVELOPER_ID,
      name: "Paid booking",
      isPaid: true,
      isDefault: false,
      reserveDurationMinutes: PAID_RESERVE_MINUTES
    }
  ];
  const programRows = await deps.db.crmBookingProgram.createMany({
    data: programs.map((p) => ({
      ...p,
      bookingDurationHours: DEFAULT_BOOKING_DURATION_HOURS,
      createdAt: now
    })),
    skipDuplicates: true
  });
  const dealRows = await deps.db.crmDeal.createMany({
    data: deals.map((d) => ({
      ...d,
      createdByUserId: d.agentUserId ?? d.investorUserId ?? agent,
      createdAt: now,
      updatedAt: now,
      version: FIRST_VERSION
    })),
    skipDuplicates: true
  });
  const inserted = programRows.count + dealRows.count;
  deps.log.debug({ inserted }, "crm demo data seeded");
  return { inserted };
}
export {
  DEMO_CRM,
  seedDemoCrm
};
//# sourceMappingURL=seed-demo-deals.js.map

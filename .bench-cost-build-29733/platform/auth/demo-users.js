const DEMO_DEVELOPER_ID = "0b5e1d7a-0000-4000-8000-000000000001";
const DEMO_SECOND_DEVELOPER_ID = "0b5e1d7a-0000-4000-8000-000000000002";
const DEMO_USERS = {
  agent: { userId: "0b5e1d7a-0000-4000-8000-00000000a001", name: "Anna Agent", tenantId: null },
  investor: { userId: "0b5e1d7a-0000-4000-8000-00000000a002", name: "Ivan Investor", tenantId: null },
  pin_manager: { userId: "0b5e1d7a-0000-4000-8000-00000000a003", name: "Petr PIN Manager", tenantId: null },
  developer_manager: {
    userId: "0b5e1d7a-0000-4000-8000-00000000a004",
    name: "Daria Developer Manager",
    tenantId: DEMO_DEVELOPER_ID
  },
  admin: { userId: "0b5e1d7a-0000-4000-8000-00000000a005", name: "Alex Admin", tenantId: null },
  system: { userId: "0b5e1d7a-0000-4000-8000-00000000a006", name: "System", tenantId: null }
};
export {
  DEMO_DEVELOPER_ID,
  DEMO_SECOND_DEVELOPER_ID,
  DEMO_USERS
};
//# sourceMappingURL=demo-users.js.map

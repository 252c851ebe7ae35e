-- crm: booking saga, deals, timeline, booking programmes, property-object replica.
-- Kept in step with prisma/schema/crm.prisma.

CREATE TABLE crm.deals (
  id                 uuid PRIMARY KEY,
  tenant_id          uuid,
  status             text NOT NULL CHECK (status IN ('Draft', 'Application', 'Booking', 'Sale', 'Cancelled')),
  agent_user_id      text,
  investor_user_id   text,
  created_by_user_id text NOT NULL,
  title              text NOT NULL,
  cancel_reason      text,
  created_at         timestamptz(6) NOT NULL,
  updated_at         timestamptz(6) NOT NULL,
  version            integer NOT NULL CHECK (version >= 1),
  CONSTRAINT deals_engaged_has_tenant CHECK (status = 'Draft' OR status = 'Cancelled' OR tenant_id IS NOT NULL)
);
CREATE INDEX ix_deals_agent ON crm.deals (agent_user_id);
CREATE INDEX ix_deals_investor ON crm.deals (investor_user_id);
CREATE INDEX ix_deals_tenant ON crm.deals (tenant_id);

CREATE TABLE crm.bookings (
  id                       uuid PRIMARY KEY,
  deal_id                  uuid NOT NULL REFERENCES crm.deals (id),
  property_object_id       uuid NOT NULL,
  tenant_id                uuid NOT NULL,
  status                   text NOT NULL CHECK (status IN ('Reserved', 'AwaitingPayment', 'Booked', 'Completed',
                                                           'ReserveExpired', 'BookingExpired', 'Cancelled')),
  initiated_by             text NOT NULL CHECK (initiated_by IN ('Agent', 'Investor', 'PinManager')),
  initiated_by_user_id     text NOT NULL,
  reserve_duration_minutes integer NOT NULL CHECK (reserve_duration_minutes > 0),
  booking_duration_hours   integer NOT NULL CHECK (booking_duration_hours > 0),
  is_paid                  boolean NOT NULL,
  reserve_expires_at       timestamptz(6) NOT NULL,
  booking_expires_at       timestamptz(6),
  payment_status           text NOT NULL CHECK (payment_status IN ('None', 'Uploaded', 'Paid')),
  contract_file_id         text,
  receipt_file_id          text,
  requisite_set_id         text,
  cancel_reason            text,
  created_at               timestamptz(6) NOT NULL,
  confirmed_at             timestamptz(6),
  ended_at                 timestamptz(6),
  updated_at               timestamptz(6) NOT NULL,
  version                  integer NOT NULL CHECK (version >= 1),
  CONSTRAINT bookings_booked_has_deadline CHECK (status <> 'Booked' OR booking_expires_at IS NOT NULL)
);
-- INV-BKG-001: one active booking process per property object; the real guard under concurrency.
CREATE UNIQUE INDEX ux_bookings_active_property_object ON crm.bookings (property_object_id)
  WHERE status IN ('Reserved', 'AwaitingPayment', 'Booked');
-- At most one active booking per deal.
CREATE UNIQUE INDEX ux_bookings_active_deal ON crm.bookings (deal_id)
  WHERE status IN ('Reserved', 'AwaitingPayment', 'Booked');
-- The expiration worker's claim reads only these two small partial indexes.
CREATE INDEX ix_bookings_reserve_due ON crm.bookings (reserve_expires_at)
  WHERE status IN ('Reserved', 'AwaitingPayment');
CREATE INDEX ix_bookings_booking_due ON crm.bookings (booking_expires_at)
  WHERE status = 'Booked';
CREATE INDEX ix_bookings_deal ON crm.bookings (deal_id, created_at);
CREATE INDEX ix_bookings_tenant ON crm.bookings (tenant_id, created_at);

CREATE TABLE crm.timeline_entries (
  id            bigserial PRIMARY KEY,
  deal_id       uuid NOT NULL,
  booking_id    uuid,
  entity        text NOT NULL CHECK (entity IN ('Booking', 'Deal')),
  action        text NOT NULL,
  from_status   text,
  to_status     text NOT NULL,
  actor_user_id text NOT NULL,
  reason        text,
  at            timestamptz(6) NOT NULL
);
CREATE INDEX ix_timeline_deal ON crm.timeline_entries (deal_id, id);
CREATE INDEX ix_timeline_booking ON crm.timeline_entries (booking_id, id);

CREATE TABLE crm.booking_programs (
  id                       uuid PRIMARY KEY,
  tenant_id                uuid NOT NULL,
  name                     text NOT NULL,
  reserve_duration_minutes integer NOT NULL CHECK (reserve_duration_minutes > 0),
  booking_duration_hours   integer NOT NULL CHECK (booking_duration_hours > 0),
  is_paid                  boolean NOT NULL,
  is_default               boolean NOT NULL,
  created_at               timestamptz(6) NOT NULL
);
CREATE INDEX ix_booking_programs_tenant ON crm.booking_programs (tenant_id);
CREATE UNIQUE INDEX ux_booking_programs_default ON crm.booking_programs (tenant_id) WHERE is_default;

CREATE TABLE crm.property_objects (
  id          uuid PRIMARY KEY,
  tenant_id   uuid NOT NULL,
  project_id  uuid,
  building_id uuid,
  status      text NOT NULL,
  version     integer NOT NULL,
  updated_at  timestamptz(6) NOT NULL
);

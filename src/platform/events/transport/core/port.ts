import type { KafkaErrorVerdict } from "../../kafka/kafka-errors.js";
import type { InboundMessage } from "../../wire.js";

/**
 * The port between the transport core (this folder, read the stages in order: 1-connect …
 * 7-publish) and a Kafka client library. An adapter (kafka/kafkajs-port.ts,
 * platformatic/platformatic-port.ts) maps its library onto these few calls and nothing else: every
 * rule of the transport — when offsets move, what a failure pauses, where a broadcast starts, what
 * a publish must have answered — is the core's. Names here are names on the broker (`wire`), offsets
 * decimal strings or bigints as marked.
 */
export interface KafkaClientPort {
  /** "kafkajs" | "platformatic": logs and the relay's messaging.system */
  readonly client: string;
  /** The library's errors in the shared verdicts (not-ready, configuration, security, unexpected) */
  classify(error: unknown): KafkaErrorVerdict;
  readonly admin: AdminPort;
  /**
   * A producer, connected at its first send: the relay's (`relay`: on `brokers` when given, routed as
   * the tuning says) or the transport's own for send()
   */
  producer(opts: { relay: boolean; brokers?: string[] }): ProducerPort;
  /** One group member, not yet started: the core supervises it (2-supervise.ts) */
  member(spec: MemberSpec): Member;
  /** What a failed offset commit means for this client, for the log line */
  readonly commitFailureNote: string;
}

/** The admin calls the core needs (the adapter keeps one admin client per transport). */
export interface AdminPort {
  /** Resolves when a broker answered a metadata request */
  describeCluster(): Promise<void>;
  /** Creates the topics (existing ones left alone) and waits until every partition has a leader */
  createTopics(topics: readonly string[], partitions: number): Promise<void>;
  /** Partitions of the topic as the brokers have them; 0 when unknown */
  partitionCount(topic: string): Promise<number>;
  /** The end (high watermark) of every partition: where a live listener starts */
  ends(topic: string): Promise<Array<{ partition: number; offset: string }>>;
  /** Low and high watermark of every partition */
  watermarks(topic: string): Promise<Array<{ partition: number; low: string; high: string }>>;
  /** The group's committed offset per "topic:partition" (absent or negative: none yet) */
  committed(group: string, topics: readonly string[]): Promise<Map<string, string>>;
  deleteGroup(group: string): Promise<void>;
  close(): Promise<void>;
}

/** A message placed on its partition by the core (complete-send.ts: the default partitioner's choice). */
export interface PlacedMessage {
  readonly key: string;
  readonly value: string;
  readonly headers: Record<string, string>;
  readonly partition: number;
  /** Record timestamp, ms since the epoch as a decimal string */
  readonly timestamp?: string;
}

export interface ProducerPort {
  /** Writes with acks=all; resolves to the "topic[partition]" slots that answered without error */
  send(batches: ReadonlyArray<{ topic: string; messages: readonly PlacedMessage[] }>): Promise<string[]>;
  close(): Promise<void>;
}

export interface TopicPartition {
  readonly topic: string;
  readonly partition: number;
}

/** One fetched run of a partition as the core sees it: what it may do with the partition. */
export interface PartitionHandle {
  /** Owned and the member not stopping: another processor batch may start */
  isRunning(): boolean;
  /** Everything up to `offset` is done: the next fetch starts after it */
  resolve(offset: string): void;
  /** Commits `next` (the offset after the last one done) as the group's position */
  commit(next: string): Promise<void>;
  /**
   * Optional: commits these offsets of the member's partitions in one request (decision 0632),
   * where the client can; the core otherwise commits each through its own handle.
   */
  commitAll?(offsets: ReadonlyArray<{ readonly tp: string; readonly next: string }>): Promise<void>;
  /** Stops fetching the partition and rewinds it to `offset`; the returned function resumes it */
  pause(offset: string): () => void;
  /** Keeps the membership during a long run (a client that heartbeats by itself leaves it out) */
  heartbeat?(): Promise<void>;
}

/** What the core asks of a group member (a consumer group's or a broadcast's). */
export interface MemberSpec {
  /** Bounded metric and log label: a consumer group of ours, or `broadcast-<name>` */
  readonly name: string;
  readonly group: string;
  readonly topics: readonly string[];
  readonly fetch: {
    /** The broker's fetch wait (the flush deadline of a batched consumer) */
    readonly maxWaitMs: number;
    readonly minBytes: number;
    /** A pipelined consumer's fetch holds a few batches (decision 0217) */
    readonly pipelined: boolean;
  };
  /** Partitions of the member handled at once (a client that fetches per leader may ignore it) */
  readonly concurrency: number;
  /**
   * Where newly assigned partitions start, by "topic:partition" (a broadcast: where it stood).
   * Absent: the group's committed offset, the first offset where there is none.
   */
  positions?(assigned: readonly TopicPartition[]): Promise<Map<string, bigint>>;
  /** One fetched run of a partition's messages, in offset order (wire topic names) */
  handle(messages: readonly InboundMessage[], partition: PartitionHandle): Promise<void>;
  /** At every join: what belonged to the old assignment (backoff timers) is forgotten */
  onAssigned?(): void;
  /** The member's first step, before it connects: its topics exist (a failure fails the start) */
  before(): Promise<void>;
}

/** A group member as its supervisor drives it. */
export interface Member {
  /** Resolves once the member joined its group; rejects with what made the start fail */
  readonly joined: Promise<void>;
  /** Rejects with what made the member unusable; never resolves before stop() */
  readonly done: Promise<void>;
  /**
   * Ends the member, never throws: after a failure (`failed`) within the client's bound, else
   * gracefully (handlers at work finish and commit, then it leaves its group). Idempotent.
   */
  stop(failed: boolean): Promise<void>;
}

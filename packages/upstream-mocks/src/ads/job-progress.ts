// An Ads export's or snapshot's life: in progress at its first status read, done once OBMCP_MOCK_ADS_JOB_MS has passed.
import { mockSettings } from '../settings.js';

export interface AdsJob {
  createdMs: number;
  durationMs: number;
  /** OBMCP_MOCK_ADS_JOB_OUTCOME=failed when the job was created: it ends failed. */
  fails: boolean;
  /** Status reads answered so far. */
  reads: number;
}

export type JobPhase = 'running' | 'done' | 'failed';

/** A job created now, with the switches in force now. */
export function newJob(): AdsJob {
  return {
    createdMs: Date.now(),
    durationMs: mockSettings.adsJobMs(),
    fails: mockSettings.adsJobFails(),
    reads: 0,
  };
}

/** Where the job is, without counting a read (a download asks this). */
export function phaseOf(job: AdsJob, now = Date.now()): JobPhase {
  if (job.reads < 1 || now < job.createdMs + job.durationMs) return 'running';
  return job.fails ? 'failed' : 'done';
}

/** The phase one status read shows; counts the read. */
export function readJob(job: AdsJob): JobPhase {
  const phase = phaseOf(job);
  job.reads += 1;
  return phase;
}

//! The append-only, crash-safe job ledger.
//!
//! One file per job. Each record is `len: u32 BE | crc32: u32 BE | msgpack payload`, written by
//! a single owner thread fed through a bounded channel and fsynced before the append is
//! acknowledged. An *intent* is written before a call and an *outcome* after it, so a crash
//! between the two leaves an intent that [`LedgerState::in_doubt`] reports.
//!
//! On open, a torn or corrupt tail is truncated and reported in [`Recovery`], never silently
//! accepted.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::decisions::Decision;
use crate::error::RuntimeError;
use crate::records::{CallPlan, CallRecord, CheckpointReturn, PolicyRef, RiskClass, ToolRef};

/// Largest record the reader accepts; a corrupt length beyond it marks the tail as torn.
pub const MAX_RECORD: usize = 32 * 1024 * 1024;

/// Header bytes per record: length and CRC-32.
const HEADER: usize = 8;

/// Bound of the writer's channel: appenders wait (back-pressure) rather than queue unbounded.
const CHANNEL_BOUND: usize = 64;

/// The ledger file name inside a job directory.
pub const LEDGER_FILE: &str = "ledger.bin";

/// How the job ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    Done,
    Stopped,
    BudgetExhausted,
    WaitingForUser,
    NeedsAttention,
    Failed,
}

/// What a record says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LedgerEntry {
    JobStarted {
        job_id: String,
        task: String,
        workspace: String,
        model: String,
        /// The test command the job runs, when the caller or the task named one (argv), so a
        /// resumed job runs the same one. Absent in ledgers written before it was recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        test_command: Option<Vec<String>>,
    },
    /// A plan edition. A replan appends a new edition; an old one is never edited.
    Plan {
        plan: CallPlan,
    },
    /// A decision of a node, with the model's outputs, so a resumed job can replay it.
    Decision {
        step: u32,
        /// `node` and `detail` beside `step`, as in ledgers written before decisions were typed.
        #[serde(flatten)]
        decision: Decision,
    },
    /// Written (and fsynced) before a call starts.
    Intent {
        work_id: String,
        tool_ref: ToolRef,
        risk: RiskClass,
        args: serde_json::Value,
        depends_on: Vec<String>,
    },
    /// Written after a call: the CallGraph row.
    Outcome {
        record: CallRecord,
    },
    /// A call whose outcome is unknown (the worker died mid-call, or the runtime crashed) and
    /// what was decided about it.
    Resolution {
        work_id: String,
        resolution: Resolution,
        reason: String,
    },
    Checkpoint {
        checkpoint: CheckpointReturn,
    },
    Ask {
        question: String,
    },
    Answer {
        text: String,
    },
    Done {
        status: JobStatus,
        summary: String,
    },
}

/// What became of an in-doubt call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resolution {
    /// Recorded as failed; it may be retried under a new work id.
    Failed,
    /// Proven (from file hashes) to have landed.
    Landed,
    /// Proven not to have landed.
    NotLanded,
    /// A write/exec call whose effect cannot be proven either way: a person must look.
    NeedsAttention,
}

/// One ledger record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LedgerRecord {
    pub seq: u64,
    pub at_ms: u64,
    /// The policy edition the job ran under when this record was written.
    pub policy: Option<PolicyRef>,
    pub entry: LedgerEntry,
}

/// What opening a ledger found wrong with its tail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Recovery {
    /// Bytes cut off the end of the file.
    pub truncated_bytes: u64,
    /// Why, if anything was cut.
    pub reason: Option<String>,
}

/// A fresh job id: time-ordered and unique enough for one workspace.
pub fn new_job_id() -> String {
    let now = now_ms();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!("{now}-{:04x}", (nanos ^ std::process::id()) & 0xffff)
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

fn ledger_err(path: &Path, reason: impl Into<String>) -> RuntimeError {
    RuntimeError::Ledger {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

/// Encode one record with its header.
pub fn encode_record(record: &LedgerRecord) -> Result<Vec<u8>, RuntimeError> {
    let payload =
        rmp_serde::to_vec_named(record).map_err(|e| RuntimeError::Encode(e.to_string()))?;
    if payload.len() > MAX_RECORD {
        return Err(RuntimeError::OversizeFrame {
            len: payload.len(),
            max: MAX_RECORD,
        });
    }
    let len = payload.len() as u32;
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&crc32fast::hash(&payload).to_be_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

/// Parse a ledger's bytes: the valid records and the offset where the valid prefix ends, with
/// the reason parsing stopped early (if it did). Never panics.
pub fn parse_records(bytes: &[u8]) -> (Vec<LedgerRecord>, usize, Option<String>) {
    let mut records = Vec::new();
    let mut at = 0usize;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let Some(header) = rest.get(..HEADER) else {
            return (records, at, Some(format!("torn header at byte {at}")));
        };
        let len = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let crc = u32::from_be_bytes([header[4], header[5], header[6], header[7]]);
        if len > MAX_RECORD {
            return (
                records,
                at,
                Some(format!("record at byte {at} claims {len} bytes")),
            );
        }
        let Some(payload) = rest.get(HEADER..HEADER + len) else {
            return (records, at, Some(format!("torn record at byte {at}")));
        };
        if crc32fast::hash(payload) != crc {
            return (records, at, Some(format!("checksum mismatch at byte {at}")));
        }
        match rmp_serde::from_slice::<LedgerRecord>(payload) {
            Ok(record) => records.push(record),
            Err(e) => {
                return (
                    records,
                    at,
                    Some(format!("undecodable record at byte {at}: {e}")),
                );
            }
        }
        at += HEADER + len;
    }
    (records, at, None)
}

/// A ledger is a regular file: reading `/dev/zero` (say) would never end.
fn refuse_non_regular(file: &File, path: &Path) -> Result<(), RuntimeError> {
    let meta = file
        .metadata()
        .map_err(|e| ledger_err(path, e.to_string()))?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(ledger_err(path, "not a regular file"))
    }
}

/// Read a ledger without changing it.
pub fn read_ledger(path: &Path) -> Result<(Vec<LedgerRecord>, Recovery), RuntimeError> {
    let mut file = File::open(path).map_err(|e| ledger_err(path, e.to_string()))?;
    refuse_non_regular(&file, path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| ledger_err(path, e.to_string()))?;
    let (records, valid, reason) = parse_records(&bytes);
    Ok((
        records,
        Recovery {
            truncated_bytes: (bytes.len() - valid) as u64,
            reason,
        },
    ))
}

/// Open (or create) a ledger for appending: read it, truncate a torn or corrupt tail, fsync.
fn open_for_append(path: &Path) -> Result<(File, Vec<LedgerRecord>, Recovery), RuntimeError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| ledger_err(path, e.to_string()))?;
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| ledger_err(path, e.to_string()))?;
    refuse_non_regular(&file, path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| ledger_err(path, e.to_string()))?;
    let (records, valid, reason) = parse_records(&bytes);
    let recovery = Recovery {
        truncated_bytes: (bytes.len() - valid) as u64,
        reason,
    };
    if recovery.truncated_bytes > 0 {
        tracing::warn!(
            path = %path.display(),
            bytes = recovery.truncated_bytes,
            reason = recovery.reason.as_deref().unwrap_or(""),
            "truncating torn ledger tail"
        );
        file.set_len(valid as u64)
            .and_then(|_| file.sync_all())
            .map_err(|e| ledger_err(path, e.to_string()))?;
    }
    file.seek(SeekFrom::End(0))
        .map_err(|e| ledger_err(path, e.to_string()))?;
    Ok((file, records, recovery))
}

/// A second copy of a ledger kept elsewhere (a job queue's database), fed by the writer thread
/// with each record's exact bytes, in order, right after the local fsync. When `mirror` fails the
/// local write is undone and the append fails, so the copies never diverge and a job whose
/// lease was taken over (or that was cancelled) cannot record another step.
pub trait LedgerMirror: Send + Sync {
    fn mirror(&self, seq: u64, bytes: &[u8]) -> Result<(), String>;
}

type Ack = crossbeam_channel::Sender<Result<u64, String>>;

struct AppendRequest {
    entry: LedgerEntry,
    policy: Option<PolicyRef>,
    ack: Ack,
}

/// Handle to a ledger's single writer thread. Cloneable; the thread ends when every handle is
/// dropped, after writing what was queued.
#[derive(Clone)]
pub struct Ledger {
    path: PathBuf,
    tx: crossbeam_channel::Sender<AppendRequest>,
}

/// Owns the writer thread. Dropping it writes what is queued, stops the thread and waits for
/// it, whether or not [`Ledger`] handles are still alive (later appends get `LedgerClosed`), so
/// drop order can never deadlock.
pub struct LedgerOwner {
    handle: Option<JoinHandle<()>>,
    shutdown: Option<crossbeam_channel::Sender<()>>,
}

impl Drop for LedgerOwner {
    fn drop(&mut self) {
        self.shutdown.take();
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

impl Ledger {
    /// Open a ledger: recover its tail, replay it, and start the writer thread.
    pub fn open(
        path: &Path,
    ) -> Result<(Ledger, LedgerOwner, Vec<LedgerRecord>, Recovery), RuntimeError> {
        Self::open_mirrored(path, None)
    }

    /// [`Ledger::open`], with every new record also handed to `mirror` (see [`LedgerMirror`]).
    pub fn open_mirrored(
        path: &Path,
        mirror: Option<Arc<dyn LedgerMirror>>,
    ) -> Result<(Ledger, LedgerOwner, Vec<LedgerRecord>, Recovery), RuntimeError> {
        let (file, records, recovery) = open_for_append(path)?;
        let next_seq = records.last().map(|r| r.seq + 1).unwrap_or(0);
        let (tx, rx) = crossbeam_channel::bounded::<AppendRequest>(CHANNEL_BOUND);
        let (shutdown, shutdown_rx) = crossbeam_channel::bounded::<()>(0);
        let thread_path = path.to_path_buf();
        let handle = std::thread::Builder::new()
            .name("tact-ledger".into())
            .spawn(move || {
                let mut out = Output { file, mirror };
                writer_loop(&mut out, thread_path, next_seq, rx, shutdown_rx)
            })
            .map_err(|e| ledger_err(path, e.to_string()))?;
        Ok((
            Ledger {
                path: path.to_path_buf(),
                tx,
            },
            LedgerOwner {
                handle: Some(handle),
                shutdown: Some(shutdown),
            },
            records,
            recovery,
        ))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append one entry; returns its sequence number once it is on disk (fsynced).
    pub fn append(
        &self,
        entry: LedgerEntry,
        policy: Option<PolicyRef>,
    ) -> Result<u64, RuntimeError> {
        let (ack, done) = crossbeam_channel::bounded(1);
        self.tx
            .send(AppendRequest { entry, policy, ack })
            .map_err(|_| RuntimeError::LedgerClosed)?;
        match done.recv() {
            Ok(Ok(seq)) => Ok(seq),
            Ok(Err(reason)) => Err(ledger_err(&self.path, reason)),
            Err(_) => Err(RuntimeError::LedgerClosed),
        }
    }
}

/// Where the writer thread puts records: the local file, and the mirror if there is one.
struct Output {
    file: File,
    mirror: Option<Arc<dyn LedgerMirror>>,
}

fn writer_loop(
    file: &mut Output,
    path: PathBuf,
    mut next_seq: u64,
    rx: crossbeam_channel::Receiver<AppendRequest>,
    shutdown: crossbeam_channel::Receiver<()>,
) {
    loop {
        let req = crossbeam_channel::select! {
            recv(rx) -> msg => match msg {
                Ok(req) => req,
                Err(_) => return,
            },
            recv(shutdown) -> _ => {
                // The owner is going: write what is already queued, then stop.
                while let Ok(req) = rx.try_recv() {
                    next_seq = write_one(file, &path, next_seq, req);
                }
                return;
            }
        };
        next_seq = write_one(file, &path, next_seq, req);
    }
}

/// Write one record durably and acknowledge it; returns the next sequence number.
fn write_one(out: &mut Output, path: &Path, mut next_seq: u64, req: AppendRequest) -> u64 {
    let record = LedgerRecord {
        seq: next_seq,
        at_ms: now_ms(),
        policy: req.policy,
        entry: req.entry,
    };
    // A failed write (full disk) is rolled back to the last record boundary by
    // `write_durably`, so the file stays a valid prefix; the appender gets the error.
    let result = encode_record(&record)
        .map_err(|e| e.to_string())
        .and_then(|bytes| write_mirrored(out, record.seq, &bytes));
    if result.is_ok() {
        next_seq += 1;
    } else {
        tracing::error!(path = %path.display(), "ledger append failed");
    }
    let _ = req.ack.send(result.map(|_| record.seq));
    next_seq
}

/// Write locally, then to the mirror; a refused mirror write undoes the local one.
fn write_mirrored(out: &mut Output, seq: u64, bytes: &[u8]) -> Result<(), String> {
    let start = out.file.stream_position().map_err(|e| e.to_string())?;
    write_durably(&mut out.file, bytes).map_err(|e| e.to_string())?;
    let Some(mirror) = &out.mirror else {
        return Ok(());
    };
    mirror.mirror(seq, bytes).map_err(|reason| {
        let _ = out.file.set_len(start).and_then(|_| out.file.sync_data());
        let _ = out.file.seek(SeekFrom::Start(start));
        format!("mirror refused record {seq}: {reason}")
    })
}

fn write_durably(file: &mut File, bytes: &[u8]) -> std::io::Result<()> {
    let start = file.stream_position()?;
    if let Err(e) = file.write_all(bytes).and_then(|_| file.sync_data()) {
        // Roll back to the last good record boundary.
        let _ = file.set_len(start);
        let _ = file.seek(SeekFrom::Start(start));
        return Err(e);
    }
    Ok(())
}

/// What a replayed ledger says about a job.
#[derive(Debug, Clone, Default)]
pub struct LedgerState {
    pub records: Vec<LedgerRecord>,
}

impl LedgerState {
    pub fn new(records: Vec<LedgerRecord>) -> Self {
        Self { records }
    }

    /// Intents with neither an outcome nor a resolution: calls that may or may not have run.
    pub fn in_doubt(&self) -> Vec<(String, ToolRef, RiskClass, serde_json::Value)> {
        let mut open: Vec<(String, ToolRef, RiskClass, serde_json::Value)> = Vec::new();
        for r in &self.records {
            match &r.entry {
                LedgerEntry::Intent {
                    work_id,
                    tool_ref,
                    risk,
                    args,
                    ..
                } => open.push((work_id.clone(), tool_ref.clone(), *risk, args.clone())),
                LedgerEntry::Outcome { record } => open.retain(|(w, ..)| *w != record.work_id),
                LedgerEntry::Resolution { work_id, .. } => open.retain(|(w, ..)| w != work_id),
                _ => {}
            }
        }
        open
    }

    /// Wall time the job has burned in the runs this ledger records, in ms: each run (the first
    /// from `job_started`, each resume from its `resume` decision) counts from its first record
    /// to its last, and the time between runs (the job was not running) does not count. A
    /// resumed job starts its wall-time budget from here, so a crash does not reset it.
    pub fn wall_time_burned_ms(&self) -> u64 {
        let mut total = 0u64;
        let mut run: Option<(u64, u64)> = None;
        for record in &self.records {
            let begins_run = match &record.entry {
                LedgerEntry::JobStarted { .. } => true,
                LedgerEntry::Decision { decision, .. } => {
                    matches!(decision, crate::decisions::Decision::Resume(_))
                }
                _ => false,
            };
            match run {
                Some((first, last)) if begins_run => {
                    total = total.saturating_add(last.saturating_sub(first));
                    run = Some((record.at_ms, record.at_ms));
                }
                Some((first, last)) => run = Some((first, last.max(record.at_ms))),
                None => run = Some((record.at_ms, record.at_ms)),
            }
        }
        if let Some((first, last)) = run {
            total = total.saturating_add(last.saturating_sub(first));
        }
        total
    }

    /// The latest plan edition.
    pub fn current_plan(&self) -> Option<&CallPlan> {
        self.records.iter().rev().find_map(|r| match &r.entry {
            LedgerEntry::Plan { plan } => Some(plan),
            _ => None,
        })
    }

    /// Call records, in the order the calls ended.
    pub fn outcomes(&self) -> impl Iterator<Item = &CallRecord> {
        self.records.iter().filter_map(|r| match &r.entry {
            LedgerEntry::Outcome { record } => Some(record),
            _ => None,
        })
    }

    /// How the job ended, if it did.
    pub fn final_status(&self) -> Option<&JobStatus> {
        self.records.iter().rev().find_map(|r| match &r.entry {
            LedgerEntry::Done { status, .. } => Some(status),
            _ => None,
        })
    }

    /// The outstanding question, if the last ask has no answer yet.
    pub fn pending_question(&self) -> Option<&str> {
        let mut pending = None;
        for r in &self.records {
            match &r.entry {
                LedgerEntry::Ask { question } => pending = Some(question.as_str()),
                LedgerEntry::Answer { .. } => pending = None,
                _ => {}
            }
        }
        pending
    }
}

/// Resolve a job directory or ledger file path to the ledger file.
pub fn ledger_path(job_dir_or_file: &Path) -> PathBuf {
    if job_dir_or_file.is_dir() {
        job_dir_or_file.join(LEDGER_FILE)
    } else {
        job_dir_or_file.to_path_buf()
    }
}

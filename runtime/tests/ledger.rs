#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::Write;

use proptest::prelude::*;
use tact_runtime::ledger::*;
use tact_runtime::records::*;

fn intent(work_id: &str) -> LedgerEntry {
    LedgerEntry::Intent {
        work_id: work_id.into(),
        tool_ref: ToolRef::new("write_file", 1),
        risk: RiskClass::Write,
        args: serde_json::json!({"path": "a.txt"}),
        depends_on: vec![],
    }
}

fn outcome(work_id: &str) -> LedgerEntry {
    LedgerEntry::Outcome {
        record: common::sample_record(work_id),
    }
}

fn write_entries(path: &std::path::Path, entries: &[LedgerEntry]) {
    let (ledger, owner, _, _) = Ledger::open(path).unwrap();
    for e in entries {
        ledger.append(e.clone(), None).unwrap();
    }
    drop(ledger);
    drop(owner);
}

#[test]
fn append_then_replay_gives_back_the_entries_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    let entries = vec![
        LedgerEntry::Plan {
            plan: common::sample_plan(),
        },
        intent("w1"),
        outcome("w1"),
    ];
    write_entries(&path, &entries);
    let (records, recovery) = read_ledger(&path).unwrap();
    assert_eq!(recovery, Recovery::default());
    assert_eq!(
        records.iter().map(|r| r.entry.clone()).collect::<Vec<_>>(),
        entries
    );
    assert_eq!(
        records.iter().map(|r| r.seq).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
}

#[test]
fn corrupt_tail_is_truncated_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    write_entries(&path, &[intent("w1"), outcome("w1")]);
    let good_len = std::fs::metadata(&path).unwrap().len();
    // Flip a byte in the last record's payload: its CRC no longer matches.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&path, &bytes).unwrap();

    let (ledger, owner, records, recovery) = Ledger::open(&path).unwrap();
    assert_eq!(records.len(), 1, "only the intact first record survives");
    assert!(recovery.truncated_bytes > 0);
    assert!(recovery.reason.unwrap().contains("checksum"));
    assert!(std::fs::metadata(&path).unwrap().len() < good_len);
    drop(ledger);
    drop(owner);
}

#[test]
fn torn_write_is_truncated_and_reopen_appends_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    write_entries(&path, &[intent("w1")]);
    let intact = std::fs::metadata(&path).unwrap().len();
    // Simulate a crash half-way through writing a record.
    let half = encode_record(&LedgerRecord {
        seq: 1,
        at_ms: 0,
        policy: None,
        entry: outcome("w1"),
    })
    .unwrap();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(&half[..half.len() / 2]).unwrap();
    drop(f);

    let (ledger, owner, records, recovery) = Ledger::open(&path).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(recovery.truncated_bytes, (half.len() / 2) as u64);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), intact);
    let seq = ledger.append(outcome("w1"), None).unwrap();
    assert_eq!(seq, 1, "sequence continues after the surviving record");
    drop(ledger);
    drop(owner);

    let (records, recovery) = read_ledger(&path).unwrap();
    assert_eq!(recovery.truncated_bytes, 0);
    assert_eq!(records.len(), 2);
    assert_eq!(records[1].entry, outcome("w1"));
}

#[test]
fn truncated_header_only_file_recovers_to_empty() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    std::fs::write(&path, [0u8, 0, 0]).unwrap();
    let (ledger, owner, records, recovery) = Ledger::open(&path).unwrap();
    assert!(records.is_empty());
    assert_eq!(recovery.truncated_bytes, 3);
    ledger.append(intent("w9"), None).unwrap();
    drop(ledger);
    drop(owner);
    assert_eq!(read_ledger(&path).unwrap().0.len(), 1);
}

#[test]
fn intent_without_outcome_is_in_doubt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    write_entries(
        &path,
        &[
            intent("w1"),
            outcome("w1"),
            intent("w2"),
            intent("w3"),
            LedgerEntry::Resolution {
                work_id: "w3".into(),
                resolution: Resolution::Failed,
                reason: "worker died".into(),
            },
        ],
    );
    let (records, _) = read_ledger(&path).unwrap();
    let state = LedgerState::new(records);
    let doubts = state.in_doubt();
    assert_eq!(doubts.len(), 1);
    assert_eq!(doubts[0].0, "w2");
    assert_eq!(doubts[0].2, RiskClass::Write);
}

#[test]
fn pending_question_is_answered_by_a_later_answer() {
    let state = LedgerState::new(vec![LedgerRecord {
        seq: 0,
        at_ms: 0,
        policy: None,
        entry: LedgerEntry::Ask {
            question: "which file?".into(),
        },
    }]);
    assert_eq!(state.pending_question(), Some("which file?"));
    let mut records = state.records.clone();
    records.push(LedgerRecord {
        seq: 1,
        at_ms: 0,
        policy: None,
        entry: LedgerEntry::Answer {
            text: "a.rs".into(),
        },
    });
    assert_eq!(LedgerState::new(records).pending_question(), None);
}

/// Regression: `tact resume` of a finished job hung because the owner was dropped before the
/// last `Ledger` handle, and the owner waited for the writer thread, which waited for the
/// handle.
#[test]
fn dropping_the_owner_before_the_handle_does_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    let (ledger, owner, _, _) = Ledger::open(&path).unwrap();
    ledger.append(intent("w1"), None).unwrap();
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(owner);
        let _ = done_tx.send(());
    });
    done_rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("dropping the owner returned");
    // The writer is gone: a late append is refused, never lost silently.
    assert!(ledger.append(intent("w2"), None).is_err());
    drop(ledger);
    assert_eq!(read_ledger(&path).unwrap().0.len(), 1);
}

#[test]
fn a_ledger_path_that_is_not_a_regular_file_is_refused() {
    // /dev/zero would otherwise be read forever.
    let err = Ledger::open(std::path::Path::new("/dev/zero"))
        .err()
        .unwrap();
    assert!(err.to_string().contains("not a regular file"), "{err}");
}

fn arb_entry() -> impl Strategy<Value = LedgerEntry> {
    prop_oneof![
        "[a-z0-9]{1,8}".prop_map(|w| intent(&w)),
        "[a-z0-9]{1,8}".prop_map(|w| outcome(&w)),
        ".{0,40}".prop_map(|q| LedgerEntry::Ask { question: q }),
        (0u32..100, ".{0,20}").prop_map(|(step, s)| LedgerEntry::Decision {
            step,
            decision: tact_runtime::decisions::Decision::Proposals(
                tact_runtime::decisions::Proposals {
                    written_by: "model".into(),
                    writer: (step % 2 == 0).then(|| "qwen2.5-coder-0.5b-instruct".into()),
                    edits: vec![tact_runtime::decisions::ProposedEdit {
                        file: "a.py".into(),
                        line: step,
                        replacement: vec![s],
                    }],
                    set_aside: Vec::new(),
                }
            ),
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn replay_returns_exactly_what_was_appended(entries in proptest::collection::vec(arb_entry(), 0..20)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.bin");
        write_entries(&path, &entries);
        let (records, recovery) = read_ledger(&path).unwrap();
        prop_assert_eq!(recovery.truncated_bytes, 0);
        prop_assert_eq!(records.into_iter().map(|r| r.entry).collect::<Vec<_>>(), entries);
    }

    #[test]
    fn reader_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..1024)) {
        let (records, valid, reason) = parse_records(&bytes);
        prop_assert!(valid <= bytes.len());
        prop_assert!(reason.is_some() || valid == bytes.len());
        let _ = records;
    }
}

/// A mirror that keeps what it is given and refuses every record from `refuse_from` on.
struct RecordingMirror {
    got: std::sync::Mutex<Vec<(u64, Vec<u8>)>>,
    refuse_from: u64,
}

impl LedgerMirror for RecordingMirror {
    fn mirror(&self, seq: u64, bytes: &[u8]) -> Result<(), String> {
        if seq >= self.refuse_from {
            return Err("lease taken over".into());
        }
        self.got.lock().unwrap().push((seq, bytes.to_vec()));
        Ok(())
    }
}

#[test]
fn a_mirror_gets_the_same_bytes_in_order_and_a_refusal_undoes_the_local_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.bin");
    let mirror = std::sync::Arc::new(RecordingMirror {
        got: Default::default(),
        refuse_from: 2,
    });
    let (ledger, owner, _, _) = Ledger::open_mirrored(&path, Some(mirror.clone())).unwrap();
    assert_eq!(ledger.append(intent("w1"), None).unwrap(), 0);
    assert_eq!(ledger.append(outcome("w1"), None).unwrap(), 1);
    let refused = ledger.append(intent("w2"), None).unwrap_err();
    assert!(
        refused.to_string().contains("lease taken over"),
        "{refused}"
    );
    drop(ledger);
    drop(owner);
    // The local file holds exactly the mirrored bytes: the refused record left no trace.
    let local = std::fs::read(&path).unwrap();
    let mirrored: Vec<u8> = mirror
        .got
        .lock()
        .unwrap()
        .iter()
        .flat_map(|(_, b)| b.clone())
        .collect();
    assert_eq!(local, mirrored);
    let seqs: Vec<u64> = mirror.got.lock().unwrap().iter().map(|(s, _)| *s).collect();
    assert_eq!(seqs, vec![0, 1]);
    let (records, recovery) = read_ledger(&path).unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(recovery.truncated_bytes, 0);
}

/// Issue 16 item 6: wall time burned before a crash counts after resume. Each run counts from
/// its first record to its last; the pause between runs does not count.
#[test]
fn wall_time_burned_adds_up_the_runs_and_skips_the_pauses() {
    use tact_runtime::decisions::{Decision, ResumeRecord};
    use tact_runtime::ledger::{LedgerRecord, LedgerState};
    let record = |seq: u64, at_ms: u64, entry: LedgerEntry| LedgerRecord {
        seq,
        at_ms,
        policy: None,
        entry,
    };
    let started = LedgerEntry::JobStarted {
        job_id: "j".into(),
        task: "t".into(),
        workspace: "/w".into(),
        model: "m".into(),
        test_command: None,
    };
    let ask = |q: &str| LedgerEntry::Ask { question: q.into() };
    let resumed = LedgerEntry::Decision {
        step: 0,
        decision: Decision::Resume(ResumeRecord {
            records: 3,
            reruns: 0,
            pending_reverts: 0,
        }),
    };
    let state = LedgerState::new(vec![
        record(1, 1_000, started),
        record(2, 1_400, ask("a")),
        record(3, 2_000, ask("b")),
        // Killed here; resumed an hour later.
        record(4, 3_602_000, resumed),
        record(5, 3_602_500, ask("c")),
    ]);
    assert_eq!(state.wall_time_burned_ms(), 1_000 + 500);
    assert_eq!(LedgerState::new(Vec::new()).wall_time_burned_ms(), 0);
}

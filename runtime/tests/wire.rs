#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::fmt::Debug;

use proptest::prelude::*;
use tact_runtime::RuntimeError;
use tact_runtime::messages::*;
use tact_runtime::model_io::*;
use tact_runtime::records::*;
use tact_runtime::tools::ToolConfig;
use tact_runtime::wire::{self, MAX_FRAME, Message};

fn round_trip<T: Message + PartialEq + Debug>(value: T) {
    let payload = wire::encode(7, &value).unwrap();
    let framed = wire::frame(&payload).unwrap();
    let (inner, rest) = wire::unframe(&framed, MAX_FRAME).unwrap();
    assert!(rest.is_empty());
    let env = wire::decode::<T>(inner).unwrap();
    assert_eq!(env.v, wire::WIRE_VERSION);
    assert_eq!(env.id, 7);
    assert_eq!(env.kind, T::KIND);
    assert_eq!(env.body, value);
    // Through the streaming reader too.
    let mut cursor = std::io::Cursor::new(framed);
    let env = wire::read_message::<T, _>(&mut cursor).unwrap().unwrap();
    assert_eq!(env.body, value);
}

fn sample_call() -> ToolCall {
    ToolCall {
        work_id: "w1".into(),
        tool: ToolRef::new("read_file", 1),
        args: serde_json::json!({"path": "a.rs", "start": 1, "end": 10}),
        depends_on: vec!["w0".into()],
    }
}

fn sample_observation() -> Observation {
    Observation {
        work_id: "w1".into(),
        tool: ToolRef::new("read_file", 1),
        ok: true,
        exit_code: Some(0),
        output: serde_json::json!({"content": "x", "nested": [1, 2.5, null, true]}),
        error: None,
        duration_ms: 3,
        performer_pid: 4242,
    }
}

#[test]
fn every_message_type_round_trips() {
    round_trip(WorkerSetup {
        wire_version: 1,
        workspace: "/w".into(),
        temp_dir: "/t".into(),
        config: ToolConfig::default(),
    });
    round_trip(WorkerReady {
        wire_version: 1,
        worker_version: "0.1.0".into(),
        pid: 9,
        host: "h".into(),
    });
    round_trip(WorkerRequest::Call {
        call: sample_call(),
    });
    round_trip(WorkerRequest::Shutdown);
    round_trip(WorkerResponse::Observation {
        observation: sample_observation(),
    });
    round_trip(WorkerResponse::Rejected {
        reason: "bad".into(),
    });
    round_trip(sample_call());
    round_trip(sample_observation());
    round_trip(common::sample_plan());
    round_trip(common::sample_checkpoint());
    round_trip(common::sample_record("w1"));
    round_trip(TrustVerdict::Failed {
        reason: "exit 1".into(),
    });
    round_trip(ConfidenceSignal {
        top_logprob: -0.5,
        entropy: 1.25,
        margin: 0.5,
        p_tool: 0.75,
        probe: None,
        cost: ModelCost::passes(1, 30),
    });
    round_trip(ToolCandidate {
        name: "stop".into(),
        description: "end".into(),
        schema: serde_json::json!({"type": "object"}),
    });
    round_trip(ToolChoice {
        name: "stop".into(),
        args: serde_json::json!({}),
        scores: vec![("stop".into(), -1.5)],
        combined: None,
        cost: ModelCost::default(),
    });
    round_trip(StepPrompt {
        system: "s".into(),
        messages: vec![("user".into(), "hi".into())],
        feedback: Some("unknown tool".into()),
    });
}

#[test]
fn envelope_is_a_named_map() {
    let payload = wire::encode(1, &WorkerRequest::Shutdown).unwrap();
    let value: serde_json::Value = rmp_serde::from_slice(&payload).unwrap();
    assert_eq!(value["v"], 1);
    assert_eq!(value["kind"], "worker_request");
    assert_eq!(value["body"]["op"], "shutdown");
}

#[test]
fn truncated_frame_is_its_own_error() {
    let framed = wire::frame(&wire::encode(1, &sample_call()).unwrap()).unwrap();
    let cut = &framed[..framed.len() - 3];
    assert!(matches!(
        wire::unframe(cut, MAX_FRAME),
        Err(RuntimeError::TruncatedFrame { .. })
    ));
    let mut cursor = std::io::Cursor::new(cut.to_vec());
    assert!(matches!(
        wire::read_message::<ToolCall, _>(&mut cursor),
        Err(RuntimeError::TruncatedFrame { .. })
    ));
    assert!(matches!(
        wire::unframe(&[0, 0], MAX_FRAME),
        Err(RuntimeError::TruncatedFrame { needed: 4, got: 2 })
    ));
}

#[test]
fn oversize_frame_is_refused_before_allocating() {
    // The header claims 4 GiB - 1; only the header exists. If the reader allocated first this
    // would try to reserve 4 GiB; it must refuse from the header alone.
    let bytes = u32::MAX.to_be_bytes().to_vec();
    let mut cursor = std::io::Cursor::new(bytes.clone());
    match wire::read_frame(&mut cursor, MAX_FRAME) {
        Err(RuntimeError::OversizeFrame { len, max }) => {
            assert_eq!(len, u32::MAX as usize);
            assert_eq!(max, MAX_FRAME);
        }
        other => panic!("expected oversize, got {other:?}"),
    }
    assert!(matches!(
        wire::unframe(&bytes, 1024),
        Err(RuntimeError::OversizeFrame { .. })
    ));
}

#[test]
fn malformed_and_wrong_version_and_wrong_kind_are_distinct_errors() {
    assert!(matches!(
        wire::decode::<ToolCall>(&[0xc1, 0x00, 0xff]),
        Err(RuntimeError::MalformedFrame(_))
    ));
    #[derive(serde::Serialize)]
    struct Env<'a> {
        v: u32,
        id: u64,
        kind: &'a str,
        body: ToolCall,
    }
    let future = rmp_serde::to_vec_named(&Env {
        v: 99,
        id: 1,
        kind: "tool_call",
        body: sample_call(),
    })
    .unwrap();
    assert!(matches!(
        wire::decode::<ToolCall>(&future),
        Err(RuntimeError::WrongVersion {
            got: 99,
            expected: 1
        })
    ));
    let payload = wire::encode(1, &sample_observation()).unwrap();
    assert!(matches!(
        wire::decode::<ToolCall>(&payload),
        Err(RuntimeError::UnexpectedKind { .. })
    ));
    // Right kind, wrong body shape.
    let bad_body = rmp_serde::to_vec_named(&serde_json::json!({
        "v": 1, "id": 1, "kind": "tool_call", "body": {"work_id": 3}
    }))
    .unwrap();
    assert!(matches!(
        wire::decode::<ToolCall>(&bad_body),
        Err(RuntimeError::MalformedFrame(_))
    ));
}

#[test]
fn clean_end_of_stream_is_none() {
    let mut cursor = std::io::Cursor::new(Vec::<u8>::new());
    assert!(
        wire::read_message::<ToolCall, _>(&mut cursor)
            .unwrap()
            .is_none()
    );
}

proptest! {
    #[test]
    fn decoder_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = wire::unframe(&bytes, 256);
        let _ = wire::decode::<ToolCall>(&bytes);
        let _ = wire::decode::<WorkerRequest>(&bytes);
        let mut cursor = std::io::Cursor::new(bytes.clone());
        let _ = wire::read_message::<Observation, _>(&mut cursor);
    }

    #[test]
    fn framed_arbitrary_payload_decodes_without_panic(payload in proptest::collection::vec(any::<u8>(), 0..256)) {
        let framed = wire::frame(&payload).unwrap();
        let (inner, _) = wire::unframe(&framed, MAX_FRAME).unwrap();
        prop_assert_eq!(inner, &payload[..]);
        let _ = wire::decode::<CallPlan>(inner);
    }
}

#[test]
fn model_cost_adds_up_and_reads_older_records_without_cached_tokens() {
    let a = ModelCost {
        cached_tokens: 30,
        ..ModelCost::passes(1, 10)
    };
    let b = ModelCost::passes(2, 20);
    let sum = a.plus(b);
    assert_eq!(
        (sum.forward_passes, sum.tokens, sum.cached_tokens),
        (3, 30, 30)
    );
    assert_eq!(sum.prefix_hit_rate(), Some(0.5));
    assert_eq!(ModelCost::default().prefix_hit_rate(), None);
    // A ledger written before the field existed still reads.
    let old: ModelCost = serde_json::from_str(r#"{"forward_passes":2,"tokens":7}"#).unwrap();
    assert_eq!(old, ModelCost::passes(2, 7));
}

//! The model in its own process: the host's serve loop ([`serve`]) and the job's client
//! ([`HostedModel`], a [`DecisionModel`] like any other).
//!
//! A host (`tact model-host`) loads the decoder once and answers [`HostRequest`]s on a Unix
//! socket, one thread per connection; requests of all connections reach the one model, which
//! serializes its passes on its own thread. Several jobs may connect to one host (the watcher's
//! jobs share one loaded model). The host is started, watched and restarted by the runtime
//! (`tact_actors::model_host`); a client whose request is lost to a dying host waits for the
//! restarted host and sends that request once more.

use std::io::{BufReader, BufWriter, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tact_runtime::model_host::{HostFailure, HostHello, HostReady, HostRequest, HostResponse};
use tact_runtime::model_io::{
    BlockRequest, ConfidenceSignal, ModelCost, SelectionPrior, StepPrompt, ToolCandidate,
    ToolChoice,
};
use tact_runtime::wire::{self, WIRE_VERSION};

use crate::decision::DecisionModel;
use crate::error::ModelError;

/// The host's encoder: sentence embeddings for the retriever, one vector per text.
pub type EncodeFn =
    std::sync::Arc<dyn Fn(&[String]) -> Result<Vec<Vec<f32>>, ModelError> + Send + Sync>;

/// Answer one request with the loaded model (and the encoder, if the host has one).
pub fn answer_request(
    model: &dyn DecisionModel,
    encoder: Option<&EncodeFn>,
    request: HostRequest,
) -> HostResponse {
    let result = match request {
        HostRequest::Embed { texts } => match encoder {
            Some(encode) => encode(&texts).map(|vectors| HostResponse::Embeddings { vectors }),
            None => Err(ModelError::Unsupported(
                "this model host serves no encoder".into(),
            )),
        },
        HostRequest::Confidence {
            prompt,
            candidates,
            hidden,
        } => {
            let answer = if hidden {
                model.confidence_with_hidden(&prompt, &candidates)
            } else {
                model.confidence(&prompt, &candidates).map(|s| (s, None))
            };
            answer.map(|(signal, hidden)| HostResponse::Confidence { signal, hidden })
        }
        HostRequest::Choose {
            prompt,
            candidates,
            prior,
        } => model
            .choose_with_prior(&prompt, &candidates, prior.as_ref())
            .map(|choice| HostResponse::Choice { choice }),
        HostRequest::ScoreContinuations {
            prompt,
            continuations,
        } => model
            .score_continuations(&prompt, &continuations)
            .map(|(scores, cost)| HostResponse::Scores { scores, cost }),
        HostRequest::ScoreText {
            text,
            continuations,
        } => model
            .score_text(&text, &continuations)
            .map(|(scores, cost)| HostResponse::Scores { scores, cost }),
        HostRequest::Answer { prompt, max_tokens } => model
            .answer(&prompt, max_tokens)
            .map(|(text, cost)| HostResponse::Text { text, cost }),
        HostRequest::CompleteLine {
            text,
            max_tokens,
            branch,
        } => model
            .complete_line(&text, max_tokens, branch)
            .map(|(text, cost)| HostResponse::Text { text, cost }),
        HostRequest::WriteBlock { request } => model
            .write_block(&request)
            .map(|(text, cost)| HostResponse::Text { text, cost }),
    };
    result.unwrap_or_else(|e| HostResponse::Error {
        failure: match e {
            ModelError::Unsupported(_) => HostFailure::Unsupported,
            _ => HostFailure::Failed,
        },
        message: e.to_string(),
    })
}

/// Called with each client's name as it connects (the host's log line).
pub type OnClient = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// How the host serves.
#[derive(Clone, Default)]
pub struct ServeOptions {
    /// Fault injection for the supervision tests: the process exits, without answering, when
    /// it receives its Nth request (counted over all connections).
    pub exit_on_request: Option<u32>,
    pub on_client: Option<OnClient>,
    /// The encoder the retriever's `Embed` requests reach (none: they are refused).
    pub encoder: Option<EncodeFn>,
}

/// Serve `model` on `listener` until the process is killed: one thread per connection.
pub fn serve(
    listener: UnixListener,
    model: std::sync::Arc<dyn DecisionModel>,
    options: ServeOptions,
) -> Result<(), ModelError> {
    let received = std::sync::Arc::new(AtomicU32::new(0));
    for stream in listener.incoming() {
        let stream = stream?;
        let (model, received, options) = (model.clone(), received.clone(), options.clone());
        std::thread::spawn(move || {
            if let Err(e) = serve_connection(stream, model.as_ref(), &received, &options) {
                tracing::warn!("model host connection ended: {e}");
            }
        });
    }
    Ok(())
}

fn serve_connection(
    stream: UnixStream,
    model: &dyn DecisionModel,
    received: &AtomicU32,
    options: &ServeOptions,
) -> Result<(), ModelError> {
    let io = |e: tact_runtime::error::RuntimeError| ModelError::Inference(e.to_string());
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = BufWriter::new(stream);
    let Some(hello) = wire::read_message::<HostHello, _>(&mut reader).map_err(io)? else {
        return Ok(());
    };
    if hello.body.wire_version != WIRE_VERSION {
        return Err(ModelError::Inference(format!(
            "client {} speaks wire version {}, the host {WIRE_VERSION}",
            hello.body.client, hello.body.wire_version
        )));
    }
    let ready = HostReady {
        wire_version: WIRE_VERSION,
        decoder_id: model.id(),
        pid: std::process::id(),
        host: tact_runtime::worker::hostname(),
    };
    wire::write_message(&mut writer, hello.id, &ready).map_err(io)?;
    writer.flush()?;
    if let Some(on_client) = &options.on_client {
        on_client(&hello.body.client);
    }
    // A frame that does not decode ends the connection (the client reconnects); the host and
    // its other clients go on.
    while let Some(request) = wire::read_message::<HostRequest, _>(&mut reader).map_err(io)? {
        let n = received.fetch_add(1, Ordering::SeqCst) + 1;
        if options.exit_on_request == Some(n) {
            // Said on stderr whatever the log level: the supervision tests read it.
            eprintln!("fault injection: the model host exits on request {n}");
            std::process::exit(70);
        }
        let response = answer_request(model, options.encoder.as_ref(), request.body);
        wire::write_message(&mut writer, request.id, &response).map_err(io)?;
        writer.flush()?;
    }
    Ok(())
}

/// A decoder served by a model host. Requests of one client are sent one at a time; a request
/// lost to a dying host is sent once more to the restarted host, found at the same socket.
pub struct HostedModel {
    socket: PathBuf,
    client: String,
    ready: HostReady,
    connection: Mutex<Option<Connection>>,
    next_id: AtomicU64,
    /// How long to wait for a restarted host before the request fails.
    recover_within: Duration,
    retried: AtomicU64,
    /// A probe is the job's policy, not the host's: the host sends the hidden state and the
    /// client reads it.
    probe: Option<std::sync::Arc<crate::probe::Probe>>,
    /// What keeps the host running while this client lives (the job's own supervised host).
    _owner: Option<Box<dyn Send + Sync>>,
}

struct Connection {
    reader: BufReader<UnixStream>,
    writer: BufWriter<UnixStream>,
    ready: HostReady,
}

/// The longest a model pass may take before the connection is given up (a long prompt on a
/// slow CPU; the stages' own timeouts are the same).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(600);

impl Connection {
    fn open(socket: &Path, client: &str) -> Result<Connection, String> {
        let stream =
            UnixStream::connect(socket).map_err(|e| format!("{}: {e}", socket.display()))?;
        stream
            .set_read_timeout(Some(REQUEST_TIMEOUT))
            .map_err(|e| e.to_string())?;
        let mut reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
        let mut writer = BufWriter::new(stream);
        let hello = HostHello {
            wire_version: WIRE_VERSION,
            client: client.to_string(),
        };
        wire::write_message(&mut writer, 0, &hello).map_err(|e| e.to_string())?;
        writer.flush().map_err(|e| e.to_string())?;
        let ready = wire::read_message::<HostReady, _>(&mut reader)
            .map_err(|e| e.to_string())?
            .ok_or("the model host closed the connection at the handshake")?
            .body;
        if ready.wire_version != WIRE_VERSION {
            return Err(format!(
                "the model host speaks wire version {}, this client {WIRE_VERSION}",
                ready.wire_version
            ));
        }
        Ok(Connection {
            reader,
            writer,
            ready,
        })
    }

    fn ask(&mut self, id: u64, request: &HostRequest) -> Result<HostResponse, String> {
        wire::write_message(&mut self.writer, id, request).map_err(|e| e.to_string())?;
        self.writer.flush().map_err(|e| e.to_string())?;
        let response = wire::read_message::<HostResponse, _>(&mut self.reader)
            .map_err(|e| e.to_string())?
            .ok_or("the model host closed the connection")?;
        if response.id != id {
            return Err(format!(
                "the model host answered request {} to request {id}",
                response.id
            ));
        }
        Ok(response.body)
    }
}

/// Connect to the host at `socket`, trying until `within` has passed (a host that is starting
/// or restarting does not accept yet).
fn connect_within(socket: &Path, client: &str, within: Duration) -> Result<Connection, String> {
    let deadline = Instant::now() + within;
    loop {
        match Connection::open(socket, client) {
            Ok(c) => return Ok(c),
            Err(e) if Instant::now() >= deadline => return Err(e),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

impl HostedModel {
    /// Connect to the host listening at `socket` (waiting up to `wait` for it to accept).
    pub fn connect(socket: &Path, client: &str, wait: Duration) -> Result<HostedModel, ModelError> {
        let connection = connect_within(socket, client, wait).map_err(|e| {
            ModelError::Inference(format!(
                "no model host answers at {}: {e}",
                socket.display()
            ))
        })?;
        Ok(HostedModel {
            socket: socket.to_path_buf(),
            client: client.to_string(),
            ready: connection.ready.clone(),
            connection: Mutex::new(Some(connection)),
            next_id: AtomicU64::new(1),
            recover_within: wait,
            retried: AtomicU64::new(0),
            probe: None,
            _owner: None,
        })
    }

    /// Read the trigger's probe from the hidden state the host sends; refused if the probe
    /// was trained on another model.
    pub fn with_probe(mut self, probe: crate::probe::Probe) -> Result<Self, ModelError> {
        if probe.model_id != self.ready.decoder_id {
            return Err(ModelError::Probe(format!(
                "probe trained on {}, model is {}",
                probe.model_id, self.ready.decoder_id
            )));
        }
        self.probe = Some(std::sync::Arc::new(probe));
        Ok(self)
    }

    /// Keep `owner` (the supervised host process) alive as long as this client.
    pub fn with_owner(mut self, owner: Box<dyn Send + Sync>) -> Self {
        self._owner = Some(owner);
        self
    }

    /// The host as it answered the first handshake.
    pub fn host(&self) -> &HostReady {
        &self.ready
    }

    /// Requests sent a second time after the host was lost.
    pub fn retried(&self) -> u64 {
        self.retried.load(Ordering::SeqCst)
    }

    fn ask(&self, request: HostRequest) -> Result<HostResponse, ModelError> {
        let mut slot = self
            .connection
            .lock()
            .map_err(|_| ModelError::Inference("model host client poisoned".into()))?;
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let first = match slot.as_mut() {
            Some(connection) => connection.ask(id, &request),
            None => Err("not connected".into()),
        };
        let response = match first {
            Ok(response) => response,
            Err(lost) => {
                // The host died or broke the protocol: the supervisor restarts it at the same
                // socket; the request is sent once more, and only once.
                *slot = None;
                self.retried.fetch_add(1, Ordering::SeqCst);
                tracing::warn!("model host lost ({lost}); retrying the request once");
                let mut connection = connect_within(
                    &self.socket,
                    &self.client,
                    self.recover_within,
                )
                .map_err(|e| {
                    ModelError::Inference(format!("model host lost ({lost}) and not back: {e}"))
                })?;
                let response = connection.ask(id, &request).map_err(|again| {
                    ModelError::Inference(format!(
                        "model host lost twice on one request: {lost}; then {again}"
                    ))
                })?;
                *slot = Some(connection);
                response
            }
        };
        match response {
            HostResponse::Error { failure, message } => Err(match failure {
                HostFailure::Unsupported => ModelError::Unsupported(message),
                HostFailure::Failed => ModelError::Inference(message),
            }),
            other => Ok(other),
        }
    }
}

impl HostedModel {
    /// Sentence embeddings from the host's encoder, one vector per text.
    pub fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, ModelError> {
        match self.ask(HostRequest::Embed {
            texts: texts.to_vec(),
        })? {
            HostResponse::Embeddings { vectors } if vectors.len() == texts.len() => Ok(vectors),
            other => Err(unexpected("embedding", &other)),
        }
    }
}

fn unexpected(what: &str, response: &HostResponse) -> ModelError {
    ModelError::Inference(format!(
        "the model host answered a {what} with {response:?}"
    ))
}

impl DecisionModel for HostedModel {
    fn id(&self) -> String {
        self.ready.decoder_id.clone()
    }

    fn confidence(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ConfidenceSignal, ModelError> {
        self.confidence_with_hidden_as(prompt, candidates, false)
            .map(|(signal, _)| signal)
    }

    fn confidence_with_hidden(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<(ConfidenceSignal, Option<Vec<f32>>), ModelError> {
        self.confidence_with_hidden_as(prompt, candidates, true)
    }

    fn choose(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ToolChoice, ModelError> {
        self.choose_with_prior(prompt, candidates, None)
    }

    fn choose_with_prior(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
        prior: Option<&SelectionPrior>,
    ) -> Result<ToolChoice, ModelError> {
        match self.ask(HostRequest::Choose {
            prompt: prompt.clone(),
            candidates: candidates.to_vec(),
            prior: prior.cloned(),
        })? {
            HostResponse::Choice { choice } => Ok(choice),
            other => Err(unexpected("choice", &other)),
        }
    }

    fn score_continuations(
        &self,
        prompt: &StepPrompt,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        match self.ask(HostRequest::ScoreContinuations {
            prompt: prompt.clone(),
            continuations: continuations.to_vec(),
        })? {
            HostResponse::Scores { scores, cost } => Ok((scores, cost)),
            other => Err(unexpected("scoring", &other)),
        }
    }

    fn score_text(
        &self,
        text: &str,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        match self.ask(HostRequest::ScoreText {
            text: text.to_string(),
            continuations: continuations.to_vec(),
        })? {
            HostResponse::Scores { scores, cost } => Ok((scores, cost)),
            other => Err(unexpected("scoring", &other)),
        }
    }

    fn answer(
        &self,
        prompt: &StepPrompt,
        max_tokens: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        match self.ask(HostRequest::Answer {
            prompt: prompt.clone(),
            max_tokens,
        })? {
            HostResponse::Text { text, cost } => Ok((text, cost)),
            other => Err(unexpected("answer", &other)),
        }
    }

    fn complete_line(
        &self,
        text: &str,
        max_tokens: usize,
        branch: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        match self.ask(HostRequest::CompleteLine {
            text: text.to_string(),
            max_tokens,
            branch,
        })? {
            HostResponse::Text { text, cost } => Ok((text, cost)),
            other => Err(unexpected("completion", &other)),
        }
    }

    fn write_block(&self, request: &BlockRequest) -> Result<(String, ModelCost), ModelError> {
        match self.ask(HostRequest::WriteBlock {
            request: request.clone(),
        })? {
            HostResponse::Text { text, cost } => Ok((text, cost)),
            other => Err(unexpected("block", &other)),
        }
    }
}

impl HostedModel {
    fn confidence_with_hidden_as(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
        hidden: bool,
    ) -> Result<(ConfidenceSignal, Option<Vec<f32>>), ModelError> {
        match self.ask(HostRequest::Confidence {
            prompt: prompt.clone(),
            candidates: candidates.to_vec(),
            hidden: hidden || self.probe.is_some(),
        })? {
            HostResponse::Confidence { mut signal, hidden } => {
                if let Some(probe) = &self.probe {
                    let state = hidden.as_deref().ok_or_else(|| {
                        ModelError::Probe("the model host sent no hidden state".into())
                    })?;
                    signal.probe = Some(probe.predict(state)?);
                }
                Ok((signal, hidden))
            }
            other => Err(unexpected("confidence", &other)),
        }
    }
}

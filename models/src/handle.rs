//! The decoder on its own OS thread. A forward pass takes tens to hundreds of milliseconds of
//! CPU; running it on a dedicated thread fed by a channel keeps it off tokio's workers.
//! [`ModelHandle`] is cheap to clone and `Send + Sync`; every call blocks the *calling* thread
//! until the model thread answers; from async code use [`ModelHandle::call_async`], which
//! awaits instead.

use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use crossbeam_channel::{Sender, bounded, unbounded};

use crate::engine::{BackendKind, Engine};
use crate::error::ModelError;

type Job = Box<dyn FnOnce(&Engine) + Send>;

/// A cloneable handle to a model thread. The thread exits when the last handle is dropped.
#[derive(Clone)]
pub struct ModelHandle {
    jobs: Sender<Job>,
    id: String,
}

impl std::fmt::Debug for ModelHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelHandle").field("id", &self.id).finish()
    }
}

impl ModelHandle {
    /// Start a thread, build the engine on it with `load`, and wait until it is ready.
    /// Building on the thread means the engine never has to cross threads.
    pub fn spawn(
        load: impl FnOnce() -> Result<Engine, ModelError> + Send + 'static,
    ) -> Result<ModelHandle, ModelError> {
        let (jobs, job_rx) = unbounded::<Job>();
        let (ready_tx, ready_rx) = bounded::<Result<String, ModelError>>(1);
        let _thread: JoinHandle<()> = std::thread::Builder::new()
            .name("tact-model".into())
            .spawn(move || {
                let engine = match load() {
                    Ok(engine) => {
                        let _ = ready_tx.send(Ok(engine.id().to_owned()));
                        engine
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                for job in job_rx {
                    job(&engine);
                }
            })?;
        let id = ready_rx.recv().map_err(|_| ModelError::ThreadGone)??;
        Ok(ModelHandle { jobs, id })
    }

    /// Spawn a thread serving the GGUF decoder at `path`.
    pub fn spawn_gguf(path: &Path, backend: BackendKind) -> Result<ModelHandle, ModelError> {
        let path: PathBuf = path.to_owned();
        Self::spawn(move || Engine::from_gguf_path(&path, backend))
    }

    /// Spawn the installed SmolLM2 decoder from `$TACT_HOME` (see [`crate::fetch`]).
    pub fn spawn_default(backend: BackendKind) -> Result<ModelHandle, ModelError> {
        let path = crate::fetch::smollm2_path(&crate::fetch::default_home());
        if !path.is_file() {
            return Err(ModelError::NotInstalled(path.display().to_string()));
        }
        Self::spawn_gguf(&path, backend)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// Run `f` on the model thread and wait for its result.
    pub fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Engine) -> R + Send + 'static,
    ) -> Result<R, ModelError> {
        let (tx, rx) = bounded(1);
        self.jobs
            .send(Box::new(move |engine: &Engine| {
                let _ = tx.send(f(engine));
            }))
            .map_err(|_| ModelError::ThreadGone)?;
        rx.recv().map_err(|_| ModelError::ThreadGone)
    }

    /// Like [`ModelHandle::call`], but awaits the answer instead of blocking: safe to use on
    /// a tokio worker, since the forward pass runs on the model thread.
    pub async fn call_async<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Engine) -> R + Send + 'static,
    ) -> Result<R, ModelError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move |engine: &Engine| {
                let _ = tx.send(f(engine));
            }))
            .map_err(|_| ModelError::ThreadGone)?;
        rx.await.map_err(|_| ModelError::ThreadGone)
    }
}

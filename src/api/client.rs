//! The client commands, plans and `--each` call: one `send` for seg's requests on either API. On the Config API a
//! request goes out as it is; on the Public API its adapter (`api::public`) turns it into the calls that serve it.
//! Both reach the service through the one transport (`api::transport`), so pacing, retries, the effect gate and
//! error classification are written once.

use serde::de::DeserializeOwned;

pub use super::public::writes::Known;
use super::transport::Transport;
pub use super::transport::{ClientOptions, Notice, Observer, Outcome, endpoint, parse_error};
use crate::effect::Gate;
use crate::error::Result;
use crate::wire::Request;

pub struct Client {
    /// Shared with the calls an adapter starts ahead of time (a page read ahead).
    transport: std::sync::Arc<Transport>,
    adapter: Adapter,
}

/// The API seg's requests go to, chosen once per process (`ClientOptions::api`). Each declares what it holds
/// (`Api::holds`, through [`Adapter::api`]), serves a request of seg's vocabulary ([`Adapter::send`]) and says what that costs in writes
/// ([`Adapter::writes`]); what every API needs (censored secrets refused, unchanged fields checked, the transport's
/// pacing, gate and retries) is `Client`'s, so an adapter added here gets it without a line of its own.
enum Adapter {
    /// The Config API: a request of seg's vocabulary is its own, sent as it is.
    Config,
    /// The Public API: names resolved to ids, each request translated into the calls that serve it.
    Public(Box<super::public::Adapter>),
}

impl Adapter {
    /// Which API it is: what it holds is that API's declaration (`Api::holds`).
    fn api(&self) -> super::Api {
        match self {
            Adapter::Config => super::Api::Config,
            Adapter::Public(_) => super::Api::Public,
        }
    }

    async fn send<A: DeserializeOwned>(
        &self,
        transport: &std::sync::Arc<Transport>,
        request: &Request<A>,
    ) -> Result<Outcome<A>> {
        match self {
            Adapter::Config => transport.send(request).await,
            Adapter::Public(adapter) => super::public::send(transport, adapter, request).await,
        }
    }

    async fn writes<A>(
        &self,
        transport: &std::sync::Arc<Transport>,
        request: &Request<A>,
        known: &mut Known,
    ) -> Result<usize> {
        match self {
            Adapter::Config => Ok(usize::from(!matches!(request.method, http::Method::GET | http::Method::HEAD))),
            Adapter::Public(adapter) => super::public::writes::count(transport, adapter, request, known).await,
        }
    }
}

/// Refuses a request of seg's vocabulary whose body holds a censored secret (`wire::config::censored_in_body`),
/// naming where (exit 2).
pub fn refuse_censored<A>(request: &Request<A>) -> Result<()> {
    let Some(bytes) = &request.body else { return Ok(()) };
    let Ok(body) = crate::wire::text::from_slice::<serde_json::Value>(bytes) else { return Ok(()) };
    refuse_censored_in(&body)
}

/// [`refuse_censored`] of an update's fields, before they are made into a request (a command checks them before it
/// reads a name).
pub fn refuse_censored_fields(fields: &serde_json::Map<String, serde_json::Value>) -> Result<()> {
    refuse_censored_in(&serde_json::Value::Object(fields.clone()))
}

fn refuse_censored_in(body: &serde_json::Value) -> Result<()> {
    match crate::wire::config::censored_in_body(body) {
        None => Ok(()),
        Some(path) => Err(crate::error::Error::usage(format!(
            "{}: the value is a secret as the service shows it hidden (censored); writing it would replace the \
             secret: give the secret itself (in a file, a $env reference)",
            crate::text::escape_control(&path)
        ))),
    }
}

impl Client {
    pub fn new(options: ClientOptions, observer: Observer, gate: Gate) -> Result<Client> {
        let warn = {
            let observer = observer.clone();
            std::sync::Arc::new(move |warning: &str| observer(&Notice::Warning(warning)))
        };
        let adapter = match options.api {
            super::Api::Config => Adapter::Config,
            super::Api::Public => {
                Adapter::Public(Box::new(super::public::Adapter::new(&options.base_url, &options.token, warn)))
            }
        };
        Ok(Client { transport: std::sync::Arc::new(Transport::new(options, observer, gate)?), adapter })
    }

    /// Sends a request with pacing and retries, and reads its answer as `A`. On the Public API the request (in
    /// seg's vocabulary) is translated first, into one or more calls each sent through the same transport.
    ///
    /// A write that holds a secret as a service shows it hidden (`••••••••••1234`, anywhere in it) is refused before
    /// anything is sent, on both APIs: written back, it would replace the secret it stands for. (`seg api` sends
    /// what it is given.)
    pub async fn send<A: DeserializeOwned>(&self, request: &Request<A>) -> Result<Outcome<A>> {
        if let Some(why) = request.operation.as_ref().and_then(|op| self.holds().refuses(&op.target)) {
            return Err(crate::error::Error::usage(why));
        }
        if !request.verbatim() {
            refuse_censored(request)?;
        }
        self.check_unchanged(request).await?;
        self.dispatch(request).await
    }

    /// The request, to the API in use.
    async fn dispatch<A: DeserializeOwned>(&self, request: &Request<A>) -> Result<Outcome<A>> {
        self.adapter.send(&self.transport, request).await
    }

    /// Checks that the fields of a file that no update writes (`Request::unchanged`, `wire::fields`) are as the
    /// resource has them now, reading it once: a file read from `get` and edited round-trips, and one that changes
    /// what no update writes is refused (exit 2) before anything is sent. Values are never quoted: one may be a
    /// secret.
    async fn check_unchanged<A>(&self, request: &Request<A>) -> Result<()> {
        let Some(operation) = request.operation.as_ref().filter(|_| !request.unchanged.is_empty()) else {
            return Ok(());
        };
        let read = Request::<serde_json::Value>::get(operation.target.clone()).received();
        let Outcome::Answer(current) = self.dispatch(&read).await? else { return Ok(()) };
        let received: serde_json::Value = crate::wire::text::part(current.raw.get())
            .map_err(|e| crate::error::Error::failed(format!("the resource as received cannot be read: {e}")))?;
        for field in &request.unchanged {
            if field.holds_now(&current.typed, &received) {
                continue;
            }
            let shown = field.shown();
            let shown = crate::text::escape_control(&shown);
            if let Some(why) = &field.why {
                return Err(crate::error::Error::usage(format!("{shown}: the file changes it: {why}")));
            }
            let why = if crate::wire::config::censored_within(&field.value, "", true).is_some() {
                "holds a secret as the service shows it hidden, and it is not the one the resource has now: give the \
                 secret itself"
            } else {
                "differs from what the resource has now, and no update writes it: leave it out, or as `get` shows it"
            };
            return Err(crate::error::Error::usage(format!("{shown}: the file's value {why}")));
        }
        Ok(())
    }

    /// How many write calls `send` makes of `request` on the API in use: one on the Config API, which takes it as
    /// it is; on the Public API those its adapter translates it into (`api::public::writes`), which may read what
    /// the translation depends on (the workspace's labels, once: `known`, which then keeps what the counted calls
    /// would make). Nothing is sent.
    pub async fn writes<A>(&self, request: &Request<A>, known: &mut Known) -> Result<usize> {
        self.adapter.writes(&self.transport, request, known).await
    }

    /// How many calls that change something this client has sent (each once, however often it was tried).
    pub fn writes_sent(&self) -> usize {
        self.transport.writes_sent()
    }

    /// What the API in use can hold, as its adapter declares it.
    pub fn holds(&self) -> super::Holds {
        self.adapter.api().holds()
    }

    /// Whether requests that change something are only described (`--dry-run`).
    pub fn dry_run(&self) -> bool {
        self.transport.dry_run()
    }
}

//! What one request may be and how often one client may write: the size of
//! a request's headers, the client's address (the peer's, or the one a
//! trusted proxy names), and a rate limit per address on every `POST` (every
//! route that writes is a `POST`, so a new one is limited without a word).
//! The rate is `governor`'s GCRA, keyed by address; refusals are coded like
//! every other (see `refused`), and `http` answers them.

use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::time::Duration;

use axum::http::{HeaderMap, Uri};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::config::Config;
use super::refused::Refused;

/// The `429` of a per-address (or per-player) count limit: `code`, `reason`,
/// and the limit as the argument `max` (the lobby's seeks and sockets, push subscriptions).
pub fn too_many(code: &'static str, reason: impl Into<String>, max: impl ToString) -> axum::response::Response {
    super::http::error(axum::http::StatusCode::TOO_MANY_REQUESTS, Refused::new(code, reason).arg("max", max))
}

/// The most bytes a request's line and headers take together (names, values
/// and separators); a browser's are under 2 KiB.
pub const MAX_HEADERS: usize = 16 * 1024;

/// How often addresses not seen for a while are forgotten.
pub const FORGET_EVERY: Duration = Duration::from_secs(60);

/// The client a request came from (put in the request's extensions), as the
/// limits count clients: an IPv4 address, or an IPv6 /64 network (a host is
/// usually given a whole /64, so counting its single addresses would let it
/// pass every limit by changing address).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    pub fn of(address: IpAddr) -> ClientAddr {
        match address {
            IpAddr::V4(v4) => ClientAddr(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientAddr(IpAddr::V4(v4)),
                None => ClientAddr(IpAddr::V6((u128::from(v6) & !0u128 << 64).into())),
            },
        }
    }
}

pub struct Limits {
    trust_proxy: bool,
    /// `None`: writes are not limited (`--writes-per-minute 0`).
    writes: Option<DefaultKeyedRateLimiter<IpAddr>>,
}

impl Limits {
    pub fn new(config: &Config) -> Limits {
        let writes = NonZeroU32::new(config.writes_per_minute).map(|per_minute| {
            let burst = NonZeroU32::new(config.write_burst).unwrap_or(NonZeroU32::MIN);
            RateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst))
        });
        Limits { trust_proxy: config.trust_proxy, writes }
    }

    /// Headers too large to read, refused before anything else.
    pub fn check_headers(uri: &Uri, headers: &HeaderMap) -> Result<(), Refused> {
        // "NAME: VALUE\r\n" for each header, after the request line.
        let size = uri.to_string().len()
            + headers.iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum::<usize>();
        if size > MAX_HEADERS {
            let reason = format!("the request's headers are too large: {size} bytes, at most {MAX_HEADERS}");
            return Err(Refused::new("server.headersTooLarge", reason).arg("max", MAX_HEADERS));
        }
        Ok(())
    }

    /// The client's address: the peer's, or with `--trust-proxy` the last
    /// address in `X-Forwarded-For` (the one the proxy itself added: those
    /// before it are whatever the client wrote).
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> ClientAddr {
        let forwarded = || {
            let last = headers.get_all("x-forwarded-for").iter().next_back()?;
            last.to_str().ok()?.rsplit(',').next()?.trim().parse::<IpAddr>().ok()
        };
        let proxied = if self.trust_proxy { forwarded() } else { None };
        ClientAddr::of(proxied.or(peer).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
    }

    /// One more write from `client`, or how long it must wait.
    pub fn check_write(&self, client: ClientAddr) -> Result<(), Refused> {
        let Some(writes) = &self.writes else { return Ok(()) };
        writes.check_key(&client.0).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            let reason = format!("too many requests from {}: try again in {seconds} s", client.0);
            Refused::new("server.tooManyRequests", reason).arg("seconds", seconds.max(1))
        })
    }

    /// Forgets addresses whose limit is back to full (the map stays as big as the recent clients).
    pub fn forget_idle(&self) {
        if let Some(writes) = &self.writes {
            writes.retain_recent();
            writes.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn limits(args: &[&str]) -> Limits {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        Limits::new(&Config::from_args(&args).unwrap())
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(ClientAddr::of(a), ClientAddr::of(b));
        assert_ne!(ClientAddr::of(a), ClientAddr::of(other));
        assert_eq!(ClientAddr::of(a).0, "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        let mapped: IpAddr = "::ffff:10.0.0.7".parse().unwrap();
        assert_eq!(ClientAddr::of(mapped).0, IpAddr::from([10, 0, 0, 7]));
    }

    #[test]
    fn a_proxys_address_is_believed_only_when_trusted() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_static("6.6.6.6, 10.0.0.7"));
        let peer = Some(IpAddr::from([127, 0, 0, 1]));
        assert_eq!(limits(&[]).client(peer, &headers), ClientAddr(IpAddr::from([127, 0, 0, 1])));
        assert_eq!(limits(&["--trust-proxy"]).client(peer, &headers), ClientAddr(IpAddr::from([10, 0, 0, 7])));
        headers.insert("x-forwarded-for", HeaderValue::from_static("not an address"));
        assert_eq!(limits(&["--trust-proxy"]).client(peer, &headers), ClientAddr(IpAddr::from([127, 0, 0, 1])));
    }

    #[test]
    fn writes_past_the_burst_wait_and_other_addresses_do_not() {
        let l = limits(&["--writes-per-minute", "6", "--write-burst", "3"]);
        let (a, b) = (ClientAddr(IpAddr::from([10, 0, 0, 1])), ClientAddr(IpAddr::from([10, 0, 0, 2])));
        for _ in 0..3 {
            assert!(l.check_write(a).is_ok());
        }
        let refused = l.check_write(a).unwrap_err();
        assert_eq!(refused.code, "server.tooManyRequests");
        let seconds: u64 = refused.args[0].1.parse().unwrap();
        assert!((1..=10).contains(&seconds), "{seconds}");
        assert!(l.check_write(b).is_ok());
        let off = limits(&["--writes-per-minute", "0"]);
        assert!((0..1000).all(|_| off.check_write(a).is_ok()));
    }
}

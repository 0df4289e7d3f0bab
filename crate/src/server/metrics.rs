//! Counters for `GET /metrics`, in Prometheus' text format.

use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the ack latency histogram's buckets, in seconds.
const BUCKETS: [f64; 12] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0];

#[derive(Default)]
pub struct Metrics {
    pub connections: AtomicI64,
    pub connections_refused: AtomicU64,
    pub games_loaded: AtomicI64,
    pub games_created: AtomicU64,
    pub moves_stored: AtomicU64,
    pub commands_acked: AtomicU64,
    pub commands_rejected: AtomicU64,
    pub frames_refused: AtomicU64,
    /// Web Push notices a push service accepted (2xx), and those dropped (queue full) or refused.
    pub pushes_sent: AtomicU64,
    pub pushes_failed: AtomicU64,
    ack_buckets: [AtomicU64; BUCKETS.len()],
    ack_count: AtomicU64,
    ack_sum_us: AtomicU64,
}

impl Metrics {
    /// One command answered with an ack after `took` (received to stored).
    pub fn observe_ack(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        for (bound, bucket) in BUCKETS.iter().zip(&self.ack_buckets) {
            if seconds <= *bound {
                bucket.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.ack_count.fetch_add(1, Ordering::Relaxed);
        self.ack_sum_us.fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        self.commands_acked.fetch_add(1, Ordering::Relaxed);
    }

    /// The text of `/metrics`; `in_play` comes from the database.
    pub fn render(&self, in_play: Option<i64>) -> String {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut line = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}");
        };
        line(
            "zilo_connections",
            "gauge",
            "Open WebSocket connections.",
            self.connections.load(Ordering::Relaxed).to_string(),
        );
        line(
            "zilo_connections_refused_total",
            "counter",
            "WebSockets refused over --max-connections.",
            get(&self.connections_refused).to_string(),
        );
        line(
            "zilo_games_loaded",
            "gauge",
            "Games held in memory.",
            self.games_loaded.load(Ordering::Relaxed).to_string(),
        );
        if let Some(n) = in_play {
            line("zilo_games_in_play", "gauge", "Games in setup or play, in the database.", n.to_string());
        }
        line("zilo_games_created_total", "counter", "Games created.", get(&self.games_created).to_string());
        line("zilo_moves_stored_total", "counter", "Moves durably stored.", get(&self.moves_stored).to_string());
        line("zilo_commands_rejected_total", "counter", "Commands rejected.", get(&self.commands_rejected).to_string());
        line(
            "zilo_frames_refused_total",
            "counter",
            "Frames answered with an error.",
            get(&self.frames_refused).to_string(),
        );
        line(
            "zilo_pushes_sent_total",
            "counter",
            "Web Push notices a push service accepted.",
            get(&self.pushes_sent).to_string(),
        );
        line(
            "zilo_pushes_failed_total",
            "counter",
            "Web Push notices dropped (queue full) or not delivered.",
            get(&self.pushes_failed).to_string(),
        );
        let _ = writeln!(out, "# HELP zilo_ack_seconds Time from a command's arrival to its ack (stored).");
        let _ = writeln!(out, "# TYPE zilo_ack_seconds histogram");
        for (bound, bucket) in BUCKETS.iter().zip(&self.ack_buckets) {
            let _ = writeln!(out, "zilo_ack_seconds_bucket{{le=\"{bound}\"}} {}", get(bucket));
        }
        let count = get(&self.ack_count);
        let _ = writeln!(out, "zilo_ack_seconds_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "zilo_ack_seconds_sum {}", get(&self.ack_sum_us) as f64 / 1e6);
        let _ = writeln!(out, "zilo_ack_seconds_count {count}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ack_histogram_is_cumulative() {
        let m = Metrics::default();
        m.observe_ack(Duration::from_micros(1500));
        m.observe_ack(Duration::from_millis(30));
        let text = m.render(Some(3));
        assert!(text.contains("zilo_ack_seconds_bucket{le=\"0.001\"} 0\n"), "{text}");
        assert!(text.contains("zilo_ack_seconds_bucket{le=\"0.002\"} 1\n"));
        assert!(text.contains("zilo_ack_seconds_bucket{le=\"0.05\"} 2\n"));
        assert!(text.contains("zilo_ack_seconds_count 2\n"));
        assert!(text.contains("zilo_games_in_play 3\n"));
    }
}

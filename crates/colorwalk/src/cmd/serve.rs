//! `colorwalk serve`: the web lab (crate `cw-web`) on a local address.

use crate::cli::ServeArgs;
use anyhow::{Context, Result};
use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

/// Serves the web lab until the process is stopped; prints the address first.
pub fn run(args: &ServeArgs) -> Result<ExitCode> {
    let db = args.db.clone().unwrap_or_else(cw_lab::Store::default_path);
    // Open the store once now, so that a bad path fails here and not on the page.
    super::open_store(Some(&db))?;
    let mut config = cw_web::Config::new(db);
    if let Some(mb) = args.memory_mb {
        config.memory_mb = mb;
    }
    let addr = SocketAddr::new(args.host, args.port);
    cw_web::serve_blocking(addr, config, |bound| {
        // The address goes to standard output for scripts; one that stopped
        // reading it (a closed pipe) does not stop the server.
        let _ = writeln!(std::io::stdout(), "colorwalk web lab: http://{bound}/");
    })
    .with_context(|| format!("serving on {addr}"))?;
    Ok(ExitCode::SUCCESS)
}

package dev.wirebench.harness.cli;

/** Where a load test's two sides run: both here (the server in a JVM of its own), or one side on this machine. */
public enum Role { BOTH, SERVER, CLIENT }

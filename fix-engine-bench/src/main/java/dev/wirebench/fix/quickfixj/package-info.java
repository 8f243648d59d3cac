/**
 * The QuickFIX/J engines: {@link dev.wirebench.fix.quickfixj.QuickFixJEngine} in the configurations of
 * {@link dev.wirebench.fix.quickfixj.QuickFixJVariant}, a SocketAcceptor answering orders and a
 * SocketInitiator sending them.
 */
package dev.wirebench.fix.quickfixj;

package dev.wirebench.smpp.client;

import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Response;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;
import dev.wirebench.smpp.transport.DecodeFailure;
import dev.wirebench.smpp.transport.Responses;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The ESME's side of one session, on its channel's event loop: sends the bind and waits for its
 * response, matches submit_sm_resp (and generic_nack) to outstanding requests by sequence_number,
 * sweeps timed-out requests, keeps the link alive with enquire_link, answers deliver_sm, enquire_link
 * and unbind, and unbinds on request.
 */
final class EsmeSession extends ChannelInboundHandlerAdapter {

    /** esm_class bits 2-5, the message type in a deliver_sm (SMPP 3.4 5.2.12), and the type of a delivery receipt. */
    private static final int ESM_CLASS_MESSAGE_TYPE = 0x3C;
    private static final int SMSC_DELIVERY_RECEIPT = 0x04;

    private final EsmeConfig config;
    private final PendingWindow window;
    private final Bind bind;
    private final long requestTimeoutNanos;
    private final CompletableFuture<Void> bound = new CompletableFuture<>();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> sweeper;
    private int unbindSequence;
    private int enquireSequence;
    /** When the unanswered enquire_link went out; 0 when none is outstanding. */
    private long enquireSentNanos;

    // written on the event loop only, read by stats() from anywhere
    private volatile long unmatched;
    private volatile long enquireLinksSent;
    private volatile long enquireLinksAnswered;
    private volatile long deliverSmReceived;
    private volatile long receiptsReceived;
    private volatile int deadLink;

    EsmeSession(EsmeConfig config, PendingWindow window, Bind bind) {
        this.config = config;
        this.window = window;
        this.bind = bind;
        this.requestTimeoutNanos = config.requestTimeout().toNanos();
    }

    /** Completes when the SMSC accepts the bind; fails with why it did not. */
    CompletableFuture<Void> bound() {
        return bound;
    }

    /** Completes when the connection has closed and every outstanding request has been failed. */
    CompletableFuture<Void> closed() {
        return closed;
    }

    EsmeStats stats() {
        return new EsmeStats(window.inFlight(), window.responses(), window.timeouts(), unmatched, enquireLinksSent,
                enquireLinksAnswered, deliverSmReceived, receiptsReceived, deadLink);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(bind);
        ctx.executor().schedule(() -> {
            if (bound.completeExceptionally(new SmppClientException("no " + CommandId.name(bind.commandId())
                    + "_resp from " + config.address() + " within " + config.bindTimeout().toMillis() + " ms"))) {
                ctx.close();
            }
        }, config.bindTimeout().toNanos(), TimeUnit.NANOSECONDS);
        // a timed-out request fails between one and 1.1 timeouts after it was sent
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(1), Math.min(requestTimeoutNanos / 10,
                TimeUnit.MILLISECONDS.toNanos(100)));
        sweeper = ctx.executor().scheduleAtFixedRate(this::sweep, period, period, TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (sweeper != null) {
            sweeper.cancel(false);
        }
        SmppClientException gone = new SmppClientException("the session with " + config.address() + " is closed");
        window.close(gone);
        bound.completeExceptionally(new SmppClientException(config.address() + " closed the connection before answering "
                + CommandId.name(bind.commandId())));
        closed.complete(null);
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof SubmitSmResp resp) {
            if (!window.complete(resp.sequenceNumber(), resp, null)) {
                unmatched++;
            }
        } else if (msg instanceof DeliverSm deliverSm) {
            ctx.write(new DeliverSmResp(CommandStatus.ESME_ROK, deliverSm.sequenceNumber()), ctx.voidPromise());
            deliverSmReceived++;
            if ((deliverSm.body().esmClass() & ESM_CLASS_MESSAGE_TYPE) == SMSC_DELIVERY_RECEIPT) {
                receiptsReceived++;
            }
            try {
                config.deliverSmListener().accept(deliverSm);
            } catch (RuntimeException e) {
                // the listener's fault: the deliver_sm is answered all the same
            }
        } else if (msg instanceof EnquireLinkResp resp) {
            if (resp.sequenceNumber() == enquireSequence) {
                enquireSentNanos = 0;
                enquireLinksAnswered++;
            }
        } else if (msg instanceof EnquireLink link) {
            ctx.write(new EnquireLinkResp(CommandStatus.ESME_ROK, link.sequenceNumber()), ctx.voidPromise());
        } else if (msg instanceof GenericNack nack) {
            nacked(nack);
        } else if (msg instanceof BindResp resp) {
            bindAnswered(resp);
        } else if (msg instanceof Unbind unbind) {
            window.close(new SmppClientException(config.address() + " unbound the session"));
            ctx.writeAndFlush(new UnbindResp(CommandStatus.ESME_ROK, unbind.sequenceNumber()))
                    .addListener(ChannelFutureListener.CLOSE);
        } else if (msg instanceof UnbindResp resp) {
            if (resp.sequenceNumber() == unbindSequence) {
                ctx.close();
            }
        } else if (msg instanceof DecodeFailure failure) {
            unreadable(failure);
        } else {
            // a request an SMSC does not send to an ESME (bind, submit_sm), or a response to nothing asked
            ctx.write(Responses.refusal((Pdu) msg, CommandStatus.ESME_RINVCMDID), ctx.voidPromise());
        }
    }

    /**
     * A PDU from the SMSC that could not be read: answered as {@link DecodeFailure#answer()} says (a
     * deliver_sm whose body is at fault gets a deliver_sm_resp with the error), and a response that
     * could not be read fails its request at once rather than leaving it to time out.
     */
    private void unreadable(DecodeFailure failure) {
        Response answer = failure.answer();
        if (!failure.framingIntact()) {
            ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        int sequence = failure.sequenceNumber();
        SmppClientException why = new SmppClientException("cannot read what " + config.address() + " sent: "
                + failure.message());
        if (failure.commandId() == CommandId.SUBMIT_SM_RESP) {
            if (!window.complete(sequence, null, why)) {
                unmatched++;
            }
        } else if (failure.commandId() == bind.type().responseId() && sequence == bind.sequenceNumber()
                && bound.completeExceptionally(why)) {
            ctx.close();
            return;
        }
        if (answer != null) {
            ctx.write(answer, ctx.voidPromise());
        }
    }

    private void nacked(GenericNack nack) {
        int sequence = nack.sequenceNumber();
        String why = "generic_nack " + CommandStatus.name(nack.commandStatus()) + " from " + config.address();
        if (sequence == bind.sequenceNumber() && !bound.isDone()) {
            bound.completeExceptionally(new BindRejectedException(CommandId.name(bind.commandId()) + " as '"
                    + bind.systemId() + "' refused by " + config.address() + " with a generic_nack", nack.commandStatus()));
            ctx.close();
        } else if (!window.complete(sequence, null, new SmppClientException(why + " to submit_sm sequence_number " + sequence))) {
            unmatched++;
        }
    }

    private void bindAnswered(BindResp resp) {
        if (resp.sequenceNumber() != bind.sequenceNumber() || bound.isDone()) {
            unmatched++;
        } else if (resp.commandStatus() == CommandStatus.ESME_ROK) {
            bound.complete(null);
        } else {
            bound.completeExceptionally(new BindRejectedException(CommandId.name(bind.commandId()) + " as '"
                    + bind.systemId() + "' refused by " + config.address(), resp.commandStatus()));
            ctx.close();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent idle && idle.state() == IdleState.READER_IDLE
                && bound.isDone() && !bound.isCompletedExceptionally() && enquireSentNanos == 0) {
            enquireSequence = window.controlSequence();
            enquireSentNanos = System.nanoTime();
            enquireLinksSent++;
            ctx.writeAndFlush(new EnquireLink(enquireSequence), ctx.voidPromise());
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a reset connection or a failed write: the session is over; channelInactive fails what is outstanding
        ctx.close();
    }

    /** Sends unbind; the channel closes on its response, or after the request timeout without one. */
    void unbind() {
        if (!ctx.channel().isActive() || unbindSequence != 0) {
            return;
        }
        unbindSequence = window.controlSequence();
        ctx.writeAndFlush(new Unbind(unbindSequence), ctx.voidPromise());
        ctx.executor().schedule(() -> {
            ctx.close();
        }, requestTimeoutNanos, TimeUnit.NANOSECONDS);
    }

    private void sweep() {
        long now = System.nanoTime();
        window.expire(now, requestTimeoutNanos);
        if (enquireSentNanos != 0 && now - enquireSentNanos >= requestTimeoutNanos) {
            // the keep-alive went unanswered: the link is dead whatever TCP thinks
            if (ctx.channel().isActive()) {
                deadLink = 1;
            }
            ctx.close();
        }
    }
}

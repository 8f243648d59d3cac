package dev.wirebench.smpp.server;

import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Response;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;
import dev.wirebench.smpp.transport.DecodeFailure;
import dev.wirebench.smpp.transport.PduFrameDecoder;
import dev.wirebench.smpp.transport.Responses;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One ESME's session on the SMSC, on its channel's event loop: bind and the account check, the bound
 * state, submit_sm with message ids and receipts, enquire_link, unbind, the idle timeout, and
 * backpressure.
 *
 * <p>Backpressure: a PDU is handled only while the channel is writable (its outbound queue under the
 * high-water mark). When a write crosses the mark the session flushes, stops reading the socket
 * (autoRead off) and holds the PDUs already decoded from the last read; when the queue drains below
 * the low mark it handles them and reads again. So what a client that does not read can make the
 * server queue is the mark plus what one PDU writes ({@link SmscConfig#WRITE_HEADROOM}), and what it
 * can make the server hold inbound is one socket read.
 */
final class SmscSession extends ChannelInboundHandlerAdapter {

    /** How long an idle session may take to answer the unbind before it is closed anyway. */
    static final long UNBIND_GRACE_MILLIS = 1000;
    /** Delayed submit_sm_resp a session may owe at once; past it submit_sm is refused with ESME_RMSGQFUL. */
    static final int MAX_DELAYED_RESPONSES = 1024;
    private static final List<Tlv> SC_INTERFACE_VERSION = List.of(Tlv.ofByte(Tlv.SC_INTERFACE_VERSION, Bind.SMPP_3_4));

    private final Smsc smsc;
    private final SmscConfig config;
    private final Counters counters;
    private final PduFrameDecoder decoder;
    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    /** Null until a bind succeeds. */
    private BindType bound;
    private String systemId;
    private boolean unbinding;
    private boolean closing;
    private int nextSequence = 1;
    private int submitsInFlight;

    SmscSession(Smsc smsc, PduFrameDecoder decoder) {
        this.smsc = smsc;
        this.config = smsc.config();
        this.counters = smsc.counters();
        this.decoder = decoder;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        counters.sessionsOpen.increment();
        counters.sessionsAccepted.increment();
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        counters.sessionsOpen.decrement();
        Counters.raise(counters.maxInboundBuffered, decoder.maxBuffered());
        if (bound != null) {
            smsc.receivers().remove(systemId, this);
        }
        held.clear();
        closing = true;
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (held.isEmpty() && ctx.channel().isWritable()) {
            handle(msg);
        } else {
            held.add(msg);
        }
        throttleIfFull();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            while (!held.isEmpty() && ctx.channel().isWritable()) {
                handle(held.poll());
            }
            ctx.flush();
            if (held.isEmpty() && !closing) {
                ctx.channel().config().setAutoRead(true);
            } else {
                throttleIfFull();
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent idle && idle.state() == IdleState.READER_IDLE) {
            timeOut();
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a reset connection or a write that failed: the session cannot go on, and the server does
        ctx.close();
    }

    private void handle(Object msg) {
        if (closing) {
            return;
        }
        if (msg instanceof DecodeFailure failure) {
            refuseUnreadable(failure);
            return;
        }
        Pdu pdu = (Pdu) msg;
        counters.pdusHandled.increment();
        if (pdu instanceof Bind bind) {
            bind(bind);
        } else if (bound == null) {
            refuse(pdu, CommandStatus.ESME_RINVBNDSTS);
        } else if (pdu instanceof SubmitSm submit) {
            submit(submit);
        } else if (pdu instanceof EnquireLink) {
            write(new EnquireLinkResp(CommandStatus.ESME_ROK, pdu.sequenceNumber()));
        } else if (pdu instanceof Unbind) {
            closing = true;
            ctx.writeAndFlush(new UnbindResp(CommandStatus.ESME_ROK, pdu.sequenceNumber()))
                    .addListener(ChannelFutureListener.CLOSE);
        } else if (pdu instanceof DeliverSmResp) {
            counters.receiptsAcked.increment();
        } else if (pdu instanceof UnbindResp) {
            if (unbinding) {
                closing = true;
                ctx.close();
            }
        } else if (pdu instanceof DeliverSm) {
            // deliver_sm goes from SMSC to ESME only
            refuse(pdu, CommandStatus.ESME_RINVCMDID);
        } else if (!(pdu instanceof GenericNack) && !(pdu instanceof EnquireLinkResp)) {
            // a response to nothing this SMSC asked
            refuse(pdu, CommandStatus.ESME_RINVCMDID);
        }
    }

    private void bind(Bind bind) {
        if (bound != null) {
            refuse(bind, CommandStatus.ESME_RALYBND);
            return;
        }
        String password = config.accounts().get(bind.systemId());
        int status = password == null ? CommandStatus.ESME_RINVSYSID
                : password.equals(bind.password()) ? CommandStatus.ESME_ROK : CommandStatus.ESME_RINVPASWD;
        if (status != CommandStatus.ESME_ROK) {
            // header alone: no system_id with an error (SMPP 3.4 4.1.2, 4.1.4, 4.1.6); the session stays open for another try
            refuse(bind, status);
            return;
        }
        bound = bind.type();
        systemId = bind.systemId();
        if (bound != BindType.TRANSMITTER) {
            smsc.receivers().add(systemId, this);
        }
        write(new BindResp(bound, CommandStatus.ESME_ROK, bind.sequenceNumber(), config.systemId(), SC_INTERFACE_VERSION));
    }

    private void submit(SubmitSm submit) {
        if (bound == BindType.RECEIVER) {
            refuse(submit, CommandStatus.ESME_RINVBNDSTS);
            return;
        }
        if (submitsInFlight >= MAX_DELAYED_RESPONSES) {
            refuse(submit, CommandStatus.ESME_RMSGQFUL);
            return;
        }
        SubmitSmResp resp = new SubmitSmResp(CommandStatus.ESME_ROK, submit.sequenceNumber(), smsc.nextMessageId());
        counters.submits.increment();
        submitsInFlight++;
        Counters.raise(counters.maxSubmitsInFlight, submitsInFlight);
        long delay = config.submitResponseDelay().toNanos();
        if (delay == 0) {
            answer(submit.body(), resp);
        } else {
            ctx.executor().schedule(() -> {
                if (!closing) {
                    answer(submit.body(), resp);
                    ctx.flush();
                }
            }, delay, TimeUnit.NANOSECONDS);
        }
    }

    private void answer(MessageBody submitted, SubmitSmResp resp) {
        submitsInFlight--;
        write(resp);
        if (config.receipts() && DeliveryReceipts.requested(submitted)) {
            if (bound == BindType.TRANSCEIVER) {
                // its own session: within the headroom even if the response crossed the mark
                sendReceipt(submitted, resp.messageId());
            } else {
                SmscSession receiver = smsc.receivers().pick(systemId);
                if (receiver == null) {
                    counters.receiptsDropped.increment();
                } else {
                    receiver.offerReceipt(submitted, resp.messageId());
                }
            }
        }
    }

    /** A receipt from another session: written on this session's event loop, dropped if this one's queue is full. */
    private void offerReceipt(MessageBody submitted, String messageId) {
        ctx.executor().execute(() -> {
            if (closing || !ctx.channel().isWritable()) {
                counters.receiptsDropped.increment();
            } else {
                sendReceipt(submitted, messageId);
                ctx.flush();
            }
        });
    }

    private void sendReceipt(MessageBody submitted, String messageId) {
        write(DeliveryReceipts.of(submitted, messageId, nextSequence()));
        counters.receiptsSent.increment();
    }

    private void refuse(Pdu pdu, int status) {
        Response refusal = Responses.refusal(pdu, status);
        if (refusal instanceof GenericNack) {
            counters.nacks.increment();
        }
        write(refusal);
    }

    /**
     * A PDU the codec could not read, answered as {@link DecodeFailure#answer()} says: generic_nack for a
     * bad command_length or command_id (SMPP 3.4 4.3), else a request's own response with the error;
     * before or after bind alike, since the request could not be read to tell.
     */
    private void refuseUnreadable(DecodeFailure failure) {
        counters.malformed.increment();
        Response answer = failure.answer();
        if (answer instanceof GenericNack) {
            counters.nacks.increment();
        }
        if (!failure.framingIntact()) {
            // the stream cannot be cut into PDUs any more: say so once, then end the session
            closing = true;
            ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
        } else if (answer != null) {
            // the frame was skipped whole: the session goes on
            write(answer);
        }
    }

    private void timeOut() {
        if (closing || unbinding) {
            return;
        }
        counters.idleTimeouts.increment();
        unbinding = true;
        ctx.writeAndFlush(new Unbind(nextSequence()));
        ctx.executor().schedule(() -> {
            closing = true;
            ctx.close();
        }, UNBIND_GRACE_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void write(Pdu pdu) {
        ctx.write(pdu, ctx.voidPromise());
        ChannelOutboundBuffer queue = ctx.channel().unsafe().outboundBuffer();
        if (queue != null) {
            Counters.raise(counters.maxOutboundPending, queue.totalPendingWriteBytes());
        }
    }

    /** Past the high-water mark: push out what is queued and stop reading until it drains. */
    private void throttleIfFull() {
        if (!ctx.channel().isWritable()) {
            ctx.flush();
            // the flush may have drained the queue, and the writability event turned reading back on
            if (!ctx.channel().isWritable()) {
                ctx.channel().config().setAutoRead(false);
            }
        }
    }

    private int nextSequence() {
        int sequence = nextSequence;
        nextSequence = sequence == Integer.MAX_VALUE ? 1 : sequence + 1;
        return sequence;
    }
}

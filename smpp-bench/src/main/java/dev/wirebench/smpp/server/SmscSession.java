package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandId;
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
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;
import dev.wirebench.smpp.transport.DecodeFailure;
import dev.wirebench.smpp.transport.PduFrameDecoder;
import dev.wirebench.smpp.transport.Responses;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

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
 * (autoRead off) and holds the PDUs already cut from the last read; when the queue drains below
 * the low mark it handles them and reads again. So what a client that does not read can make the
 * server queue is the mark plus what one PDU writes ({@link SmscConfig#WRITE_HEADROOM}), and what it
 * can make the server hold inbound is one socket read.
 *
 * <p>Reading: with {@link SmscReader#FLYWEIGHT} the decoder passes each submit_sm (and deliver_sm) on as its
 * frame, a retained slice of the socket's buffer, which this session reads in place with one reused
 * {@link MessageFlyweight} (making decode's checks, answering a fault as {@link DecodeFailure#answer()}
 * says) and releases once handled, or on closing if held. Every other PDU, and every PDU with
 * {@link SmscReader#DECODE}, arrives decoded. Either way an accepted submit_sm leaves only a reused slot in
 * {@link OwedResponses} (sequence number, message id, and a receipt's fields only if one is owed), and its
 * submit_sm_resp is written straight into a buffer ({@link SubmitSmResps}): taking and answering a
 * submit_sm that asks for no receipt allocates nothing on the flyweight reader.
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
    /** Reads the frames the decoder passes on undecoded; null with the decode reader, which gets none. */
    private final MessageFlyweight flyweight;
    private final OwedResponses owed = new OwedResponses();
    private final long responseDelayNanos;
    /** The delayed answers' timer task: one object, scheduled again while answers are owed. */
    private final Runnable answerDue = this::answerDue;
    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    /** Null until a bind succeeds. */
    private BindType bound;
    private String systemId;
    private boolean unbinding;
    private boolean closing;
    private int nextSequence = 1;

    SmscSession(Smsc smsc, PduFrameDecoder decoder) {
        this.smsc = smsc;
        this.config = smsc.config();
        this.counters = smsc.counters();
        this.decoder = decoder;
        this.flyweight = config.reader() == SmscReader.FLYWEIGHT ? new MessageFlyweight(config.maxCommandLength()) : null;
        this.responseDelayNanos = config.submitResponseDelay().toNanos();
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
        // held frames share the socket's buffers: give them back
        for (Object msg = held.poll(); msg != null; msg = held.poll()) {
            ReferenceCountUtil.release(msg);
        }
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
        if (msg instanceof ByteBuf frame) {
            try {
                if (!closing) {
                    read(frame);
                }
            } finally {
                frame.release();
            }
            return;
        }
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

    /**
     * A submit_sm or deliver_sm the decoder passed on as its frame: read in place, with decode's checks and
     * decode's answers, in the order {@link #handle} gives a decoded one.
     */
    private void read(ByteBuf frame) {
        MessageFlyweight message;
        try {
            message = flyweight.wrap(frame, frame.readerIndex(), frame.readableBytes());
        } catch (SmppDecodeException e) {
            // as the decoder reports it on the decode path; the framer has checked command_length already
            refuseUnreadable(DecodeFailure.of(e));
            return;
        }
        counters.pdusHandled.increment();
        if (bound == null) {
            refuse(message.commandId(), message.sequenceNumber(), CommandStatus.ESME_RINVBNDSTS);
        } else if (message.commandId() == CommandId.SUBMIT_SM) {
            OwedResponses.Owed answer = accept(message.sequenceNumber(), message.registeredDelivery());
            if (answer != null) {
                if (answer.receiptOwed) {
                    // the frame is released after this: copy what the receipt quotes, and only then
                    answer.receipt().copy(message);
                }
                owe();
            }
        } else {
            // deliver_sm goes from SMSC to ESME only
            refuse(message.commandId(), message.sequenceNumber(), CommandStatus.ESME_RINVCMDID);
        }
    }

    private void submit(SubmitSm submit) {
        OwedResponses.Owed answer = accept(submit.sequenceNumber(), submit.body().registeredDelivery());
        if (answer != null) {
            if (answer.receiptOwed) {
                answer.receipt().copy(submit.body());
            }
            owe();
        }
    }

    /**
     * Takes a submit_sm in: a message id, and a slot in {@link #owed} for its answer. Null, and the
     * submit_sm refused, from a receiver or when {@value #MAX_DELAYED_RESPONSES} answers are owed already.
     */
    private OwedResponses.Owed accept(int sequenceNumber, int registeredDelivery) {
        if (bound == BindType.RECEIVER) {
            refuse(CommandId.SUBMIT_SM, sequenceNumber, CommandStatus.ESME_RINVBNDSTS);
            return null;
        }
        if (owed.size() >= MAX_DELAYED_RESPONSES) {
            refuse(CommandId.SUBMIT_SM, sequenceNumber, CommandStatus.ESME_RMSGQFUL);
            return null;
        }
        counters.submits.increment();
        boolean receipt = config.receipts() && DeliveryReceipts.requested(registeredDelivery);
        long due = responseDelayNanos == 0 ? 0 : System.nanoTime() + responseDelayNanos;
        OwedResponses.Owed answer = owed.add(sequenceNumber, smsc.nextMessageId(), due, receipt);
        Counters.raise(counters.maxSubmitsInFlight, owed.size());
        return answer;
    }

    /** Answers the submit_sm just accepted now, or when its delay is up. */
    private void owe() {
        if (responseDelayNanos == 0) {
            answerOldest();
        } else if (owed.size() == 1) {
            // no timer runs while nothing is owed; answerDue sets the next while something is
            ctx.executor().schedule(answerDue, responseDelayNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The delayed answers whose time has come, oldest first (all have the same delay); then the next one's timer. */
    private void answerDue() {
        if (closing) {
            owed.clear();
            return;
        }
        long now = System.nanoTime();
        while (!owed.isEmpty() && owed.peek().dueNanos - now <= 0) {
            answerOldest();
        }
        ctx.flush();
        if (!owed.isEmpty()) {
            ctx.executor().schedule(answerDue, owed.peek().dueNanos - now, TimeUnit.NANOSECONDS);
        }
    }

    /** The submit_sm_resp owed longest, then its receipt if one is owed. */
    private void answerOldest() {
        OwedResponses.Owed answer = owed.peek();
        ByteBuf resp = ctx.alloc().ioBuffer(SubmitSmResps.MAX_LENGTH);
        SubmitSmResps.write(resp, answer.sequenceNumber, answer.messageId);
        write(resp);
        if (answer.receiptOwed) {
            sendReceiptOf(answer);
        }
        owed.remove();
    }

    private void sendReceiptOf(OwedResponses.Owed answer) {
        if (bound == BindType.TRANSCEIVER) {
            // its own session: within the headroom even if the response crossed the mark
            sendReceipt(DeliveryReceipts.of(answer.receipt(), Long.toHexString(answer.messageId)));
            return;
        }
        SmscSession receiver = smsc.receivers().pick(systemId);
        if (receiver == null) {
            counters.receiptsDropped.increment();
        } else {
            // built here, where the slot is, and numbered there
            receiver.offerReceipt(DeliveryReceipts.of(answer.receipt(), Long.toHexString(answer.messageId)));
        }
    }

    /** A receipt from another session: written on this session's event loop, dropped if this one's queue is full. */
    private void offerReceipt(MessageBody receipt) {
        ctx.executor().execute(() -> {
            if (closing || !ctx.channel().isWritable()) {
                counters.receiptsDropped.increment();
            } else {
                sendReceipt(receipt);
                ctx.flush();
            }
        });
    }

    private void sendReceipt(MessageBody receipt) {
        write(new DeliverSm(nextSequence(), receipt));
        counters.receiptsSent.increment();
    }

    private void refuse(Pdu pdu, int status) {
        refuse(pdu.commandId(), pdu.sequenceNumber(), status);
    }

    /** The request's own response carrying {@code status}; a generic_nack for a response. */
    private void refuse(int commandId, int sequenceNumber, int status) {
        Response refusal = Responses.refusal(commandId, status, sequenceNumber);
        if (refusal == null) {
            refusal = new GenericNack(status, sequenceNumber);
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

    /** A {@code Pdu} for the encoder, or a buffer written already. */
    private void write(Object pduOrBuffer) {
        ctx.write(pduOrBuffer, ctx.voidPromise());
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

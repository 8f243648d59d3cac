package dev.wirebench.smpp.interop;

import dev.wirebench.smpp.client.BindRejectedException;
import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;
import dev.wirebench.smpp.server.SmscReader;
import dev.wirebench.smpp.testkit.Poll;
import org.jsmpp.bean.AlertNotification;
import org.jsmpp.bean.Alphabet;
import org.jsmpp.bean.BindType;
import org.jsmpp.bean.BroadcastSm;
import org.jsmpp.bean.CancelBroadcastSm;
import org.jsmpp.bean.CancelSm;
import org.jsmpp.bean.DataSm;
import org.jsmpp.bean.DeliverSm;
import org.jsmpp.bean.DeliveryReceipt;
import org.jsmpp.bean.ESMClass;
import org.jsmpp.bean.GeneralDataCoding;
import org.jsmpp.bean.InterfaceVersion;
import org.jsmpp.bean.NumberingPlanIndicator;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.QueryBroadcastSm;
import org.jsmpp.bean.QuerySm;
import org.jsmpp.bean.RegisteredDelivery;
import org.jsmpp.bean.ReplaceSm;
import org.jsmpp.bean.SMSCDeliveryReceipt;
import org.jsmpp.bean.SubmitMulti;
import org.jsmpp.bean.TypeOfNumber;
import org.jsmpp.extra.NegativeResponseException;
import org.jsmpp.extra.ProcessRequestException;
import org.jsmpp.session.BindParameter;
import org.jsmpp.session.BindRequest;
import org.jsmpp.session.BroadcastSmResult;
import org.jsmpp.session.DataSmResult;
import org.jsmpp.session.MessageReceiverListener;
import org.jsmpp.session.QueryBroadcastSmResult;
import org.jsmpp.session.QuerySmResult;
import org.jsmpp.session.SMPPServerSession;
import org.jsmpp.session.SMPPServerSessionListener;
import org.jsmpp.session.SMPPSession;
import org.jsmpp.session.ServerMessageReceiverListener;
import org.jsmpp.session.Session;
import org.jsmpp.session.SubmitMultiResult;
import org.jsmpp.session.SubmitSmResult;
import org.jsmpp.session.connection.ServerConnection;
import org.jsmpp.session.connection.ServerConnectionFactory;
import org.jsmpp.session.connection.socket.ServerSocketConnection;
import org.jsmpp.util.MessageId;
import org.jsmpp.util.DeliveryReceiptState;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our SMSC and ESME against jSMPP 3.0.2's client and server sessions, on loopback. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class JsmppInteropTest {

    /** jSMPP's client session against our SMSC, on each of the SMSC's readers. */
    @Nested
    @ParameterizedClass
    @EnumSource(SmscReader.class)
    class JsmppClientOnOurSmsc {

        @Parameter
        SmscReader reader;

        private SmscConfig config() {
            return SmscConfig.of(Map.of("jsmpp", "secret")).withReader(reader);
        }

        @Test
        void aJsmppSessionBindsToOurSmscSubmitsAndGetsItsReceipt() throws Exception {
            BlockingQueue<DeliverSm> delivered = new ArrayBlockingQueue<>(4);
            try (Smsc smsc = Smsc.start(config().withReceipts(true))) {
                SMPPSession session = new SMPPSession();
                try {
                    session.setMessageReceiverListener(new ReceiptCollector(delivered));
                    session.connectAndBind("127.0.0.1", smsc.port(), new BindParameter(BindType.BIND_TRX, "jsmpp", "secret", "",
                            TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null, InterfaceVersion.IF_34), 5000);
                    SubmitSmResult result = submit(session, SMSCDeliveryReceipt.SUCCESS_FAILURE);
                    assertFalse(result.getMessageId().isEmpty());

                    DeliverSm receipt = delivered.poll(5, TimeUnit.SECONDS);
                    assertNotNull(receipt, "no receipt reached jSMPP");
                    assertTrue(receipt.isSmscDeliveryReceipt());
                    DeliveryReceipt parsed = receipt.getShortMessageAsDeliveryReceipt();
                    assertEquals(result.getMessageId(), parsed.getId());
                    assertEquals(DeliveryReceiptState.DELIVRD, parsed.getFinalStatus());
                    assertEquals("447700900123", receipt.getSourceAddr());
                    OptionalParameter receipted = receipt.getOptionalParameter(OptionalParameter.Tag.RECEIPTED_MESSAGE_ID);
                    assertEquals(result.getMessageId(), ((OptionalParameter.COctetString) receipted).getValueAsString());
                    assertTrue(Poll.until(() -> smsc.stats().receiptsAcked() == 1, 5000), "jSMPP's deliver_sm_resp not counted");
                } finally {
                    session.unbindAndClose();
                }
                assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000));
                assertEquals(1, smsc.stats().submits());
                assertEquals(0, smsc.stats().nacks(), "jSMPP sent something our SMSC could not read");
            }
        }

        @Test
        void aJsmppSessionAskingForAReceiptOnFailureOnlyGetsNoneForADeliveredMessage() throws Exception {
            BlockingQueue<DeliverSm> delivered = new ArrayBlockingQueue<>(4);
            try (Smsc smsc = Smsc.start(config().withReceipts(true))) {
                SMPPSession session = new SMPPSession();
                try {
                    session.setMessageReceiverListener(new ReceiptCollector(delivered));
                    session.connectAndBind("127.0.0.1", smsc.port(), new BindParameter(BindType.BIND_TRX, "jsmpp", "secret", "",
                            TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null, InterfaceVersion.IF_34), 5000);
                    String failureOnly = submit(session, SMSCDeliveryReceipt.FAILURE).getMessageId();
                    String either = submit(session, SMSCDeliveryReceipt.SUCCESS_FAILURE).getMessageId();
                    DeliverSm receipt = delivered.poll(5, TimeUnit.SECONDS);
                    assertNotNull(receipt, "no receipt reached jSMPP");
                    assertEquals(either, receipt.getShortMessageAsDeliveryReceipt().getId());
                    // the first message's receipt, had there been one, was written before this one: none was
                    assertEquals(1, smsc.stats().receiptsSent(), "a receipt for " + failureOnly);
                } finally {
                    session.unbindAndClose();
                }
            }
        }

        @Test
        void aJsmppSessionWithAWrongPasswordIsRefusedWithEsmeRinvpaswd() throws Exception {
            try (Smsc smsc = Smsc.start(config())) {
                SMPPSession session = new SMPPSession();
                try {
                    IOException e = assertThrows(IOException.class, () -> session.connectAndBind("127.0.0.1", smsc.port(),
                            new BindParameter(BindType.BIND_TRX, "jsmpp", "wrong", "", TypeOfNumber.UNKNOWN,
                                    NumberingPlanIndicator.UNKNOWN, null, InterfaceVersion.IF_34), 5000));
                    // jSMPP read our 16-octet bind_transceiver_resp and reports its status
                    NegativeResponseException refusal = causeOf(e, NegativeResponseException.class);
                    assertEquals(CommandStatus.ESME_RINVPASWD, refusal.getCommandStatus(), e.toString());
                } finally {
                    session.close();
                }
                assertEquals(0, smsc.stats().nacks(), "jSMPP sent something our SMSC could not read");
                assertEquals(0, smsc.stats().malformed());
            }
        }
    }

    @Test
    void ourEsmeBindsToAJsmppServerAndSubmits() throws Exception {
        AtomicReference<String> boundAs = new AtomicReference<>();
        BlockingQueue<org.jsmpp.bean.SubmitSm> submitted = new ArrayBlockingQueue<>(4);
        Loopback loopback = new Loopback();
        try (SMPPServerSessionListener listener = new SMPPServerSessionListener(0, 5000, loopback)) {
            listener.setMessageReceiverListener(new SubmitAnswerer(submitted));
            CompletableFuture<SMPPServerSession> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    SMPPServerSession session = listener.accept();
                    BindRequest bind = session.waitForBind(5000);
                    boundAs.set(bind.getBindType() + " " + bind.getSystemId() + "/" + bind.getPassword());
                    bind.accept("jsmppsmsc", InterfaceVersion.IF_34);
                    return session;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (Esme esme = Esme.connect(EsmeConfig.of(loopback.port(), "esme", "secret"))) {
                assertEquals("BIND_TRX esme/secret", boundAs.get());
                SubmitSmResp resp = esme.submitSync(new SubmitSm(1, SmppSamples.SUBMIT_SM.body()));
                assertEquals(CommandStatus.ESME_ROK, resp.commandStatus());
                assertEquals(SubmitAnswerer.MESSAGE_ID, resp.messageId());
                org.jsmpp.bean.SubmitSm seen = submitted.poll(5, TimeUnit.SECONDS);
                assertNotNull(seen);
                assertEquals(SmppSamples.SUBMIT_SM.body().destinationAddr(), seen.getDestAddress());
                assertEquals("Your WireBench code is 482913. It expires in 10 minutes.",
                        new String(seen.getShortMessage(), StandardCharsets.US_ASCII));
            }
            accepted.get(5, TimeUnit.SECONDS).close();
        }
    }

    private static SubmitSmResult submit(SMPPSession session, SMSCDeliveryReceipt receipt) throws Exception {
        return session.submitShortMessage("", TypeOfNumber.ALPHANUMERIC, NumberingPlanIndicator.UNKNOWN, "WireBench",
                TypeOfNumber.INTERNATIONAL, NumberingPlanIndicator.ISDN, "447700900123", new ESMClass(), (byte) 0, (byte) 1,
                null, null, new RegisteredDelivery(receipt), (byte) 0, new GeneralDataCoding(Alphabet.ALPHA_DEFAULT), (byte) 0,
                "Your code is 482913".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void ourEsmeTakesAJsmppServersRefusals() throws Exception {
        Loopback loopback = new Loopback();
        try (SMPPServerSessionListener listener = new SMPPServerSessionListener(0, 5000, loopback)) {
            listener.setMessageReceiverListener(new SubmitAnswerer(new ArrayBlockingQueue<>(4), CommandStatus.ESME_RSYSERR));
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try {
                    // the first bind refused, the second accepted and its submit_sm refused
                    listener.accept().waitForBind(5000).reject(CommandStatus.ESME_RINVPASWD);
                    SMPPServerSession session = listener.accept();
                    session.waitForBind(5000).accept("jsmppsmsc", InterfaceVersion.IF_34);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            BindRejectedException rejected = assertThrows(BindRejectedException.class,
                    () -> Esme.connect(EsmeConfig.of(loopback.port(), "esme", "wrong")));
            assertEquals(CommandStatus.ESME_RINVPASWD, rejected.commandStatus());
            try (Esme esme = Esme.connect(EsmeConfig.of(loopback.port(), "esme", "secret"))) {
                SubmitSmResp resp = esme.submitSync(new SubmitSm(1, SmppSamples.SUBMIT_SM.body()));
                assertEquals(new SubmitSmResp(CommandStatus.ESME_RSYSERR, resp.sequenceNumber(), ""), resp);
            }
            served.get(5, TimeUnit.SECONDS);
        }
    }

    private static <T extends Throwable> T causeOf(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in " + e, e);
    }

    /** jSMPP's own ServerSocket factory listens on every interface; this one on loopback only. */
    private static final class Loopback implements ServerConnectionFactory {
        private volatile ServerSocket socket;

        @Override
        public ServerConnection listen(int port) throws IOException {
            return listen(port, 0, 50);
        }

        @Override
        public ServerConnection listen(int port, int timeout) throws IOException {
            return listen(port, timeout, 50);
        }

        @Override
        public ServerConnection listen(int port, int timeout, int backlog) throws IOException {
            socket = new ServerSocket(port, backlog, InetAddress.getLoopbackAddress());
            socket.setSoTimeout(timeout);
            return new ServerSocketConnection(socket);
        }

        int port() {
            return socket.getLocalPort();
        }
    }

    /** jSMPP's client side: keeps each deliver_sm (jSMPP answers it once this returns). */
    private static final class ReceiptCollector implements MessageReceiverListener {
        private final BlockingQueue<DeliverSm> delivered;

        ReceiptCollector(BlockingQueue<DeliverSm> delivered) {
            this.delivered = delivered;
        }

        @Override
        public void onAcceptDeliverSm(DeliverSm deliverSm) {
            delivered.add(deliverSm);
        }

        @Override
        public void onAcceptAlertNotification(AlertNotification alertNotification) {
        }

        @Override
        public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) throws ProcessRequestException {
            throw unsupported();
        }
    }

    /** jSMPP's server side: answers submit_sm with a fixed message id or refuses it with a status; refuses the rest. */
    private static final class SubmitAnswerer implements ServerMessageReceiverListener {
        static final String MESSAGE_ID = "jsmpp0001";
        private final BlockingQueue<org.jsmpp.bean.SubmitSm> submitted;
        private final int status;

        SubmitAnswerer(BlockingQueue<org.jsmpp.bean.SubmitSm> submitted) {
            this(submitted, CommandStatus.ESME_ROK);
        }

        SubmitAnswerer(BlockingQueue<org.jsmpp.bean.SubmitSm> submitted, int status) {
            this.submitted = submitted;
            this.status = status;
        }

        @Override
        public SubmitSmResult onAcceptSubmitSm(org.jsmpp.bean.SubmitSm submitSm, SMPPServerSession source)
                throws ProcessRequestException {
            submitted.add(submitSm);
            if (status != CommandStatus.ESME_ROK) {
                throw new ProcessRequestException("refused by the test", status);
            }
            try {
                return new SubmitSmResult(new MessageId(MESSAGE_ID), new OptionalParameter[0]);
            } catch (org.jsmpp.PDUStringException e) {
                throw new ProcessRequestException(e.getMessage(), CommandStatus.ESME_RSYSERR, e);
            }
        }

        @Override
        public SubmitMultiResult onAcceptSubmitMulti(SubmitMulti submitMulti, SMPPServerSession source)
                throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public QuerySmResult onAcceptQuerySm(QuerySm querySm, SMPPServerSession source) throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public void onAcceptReplaceSm(ReplaceSm replaceSm, SMPPServerSession source) throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public void onAcceptCancelSm(CancelSm cancelSm, SMPPServerSession source) throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public BroadcastSmResult onAcceptBroadcastSm(BroadcastSm broadcastSm, SMPPServerSession source)
                throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public void onAcceptCancelBroadcastSm(CancelBroadcastSm cancelBroadcastSm, SMPPServerSession source)
                throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public QueryBroadcastSmResult onAcceptQueryBroadcastSm(QueryBroadcastSm queryBroadcastSm, SMPPServerSession source)
                throws ProcessRequestException {
            throw unsupported();
        }

        @Override
        public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) throws ProcessRequestException {
            throw unsupported();
        }
    }

    private static ProcessRequestException unsupported() {
        return new ProcessRequestException("not part of this test", CommandStatus.ESME_RINVCMDID);
    }
}

package dev.wirebench.codecs.jackson;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;

import java.io.IOException;
import java.util.Arrays;

/**
 * The {@link Checksum} of a message read token by token from Jackson's streaming parser, the same code for JSON,
 * Smile and CBOR: no record, list or map is built. Strings and enum names are hashed and matched where the parser
 * holds their text: in place in its char buffer for JSON ({@code getTextCharacters}, no {@code String}); as the
 * {@code String} the Smile and CBOR parsers make of every text token anyway ({@code getText}, which hands it over
 * where {@code getTextCharacters} would copy it once more). Property names are the parser's canonical
 * {@code String}s.
 *
 * <p>The checksum hashes components in record order and a list's size before its elements, while the tokens come
 * in the writer's order and a list's size is known only at its end. So each object keeps its components in locals,
 * in whatever order its properties come, and hashes them at its end; list elements are hashed as they come onto a
 * reused stack of {@code long}s, and folded into the list's hash at its end. Maps need neither: their hash is a sum.
 *
 * <p>Stricter than databind, which coerces: a property must hold the token type encode writes (a number for a
 * number, a string for a string or an enum's name, {@code true}/{@code false}, an array, an object), every property
 * of a record must be there, and none other; bytes that differ in that way are a {@link JsonParseException}, which
 * the codec reports as malformed. The values the records refuse (a level outside 0..255, a price that is not
 * finite) are refused here too. A repeated property counts once, its last value, as databind has it.
 *
 * <p>One instance per codec, so per thread: the stack and the char view are reused.
 */
final class TokenChecksum {

    private static final char[][] SIDES = names(Ordinals.SIDES);
    private static final char[][] ENTRY_TYPES = names(Ordinals.ENTRY_TYPES);
    private static final char[][] ORD_TYPES = names(Ordinals.ORD_TYPES);
    private static final char[][] TIMES_IN_FORCE = names(Ordinals.TIMES_IN_FORCE);
    private static final char[][] EXECUTION_STATUSES = names(Ordinals.EXECUTION_STATUSES);
    private static final char[][] TRIGGER_TYPES = names(Ordinals.TRIGGER_TYPES);
    private static final char[][] APPROVAL_DECISIONS = names(Ordinals.APPROVAL_DECISIONS);
    private static final char[][] TRANSFORMATION_STATUSES = names(Ordinals.TRANSFORMATION_STATUSES);

    /** A message's root: the checksum of the one object its bytes hold. */
    @FunctionalInterface
    interface Root {
        long checksum(TokenChecksum tokens) throws IOException;
    }

    /** Whether the parser's chars are read in place, or the String it makes of a text token. */
    private final boolean charsInPlace;
    private final Chars chars = new Chars();
    /** Hashes of the elements of the lists being read, innermost list on top. */
    private long[] stack = new long[64];
    private int top;
    private JsonParser p;

    TokenChecksum(boolean charsInPlace) {
        this.charsInPlace = charsInPlace;
    }

    /** Reads the one object in {@code parser}, which must hold nothing after it, and returns its checksum. */
    long read(JsonParser parser, Root root) throws IOException {
        p = parser;
        top = 0;
        try {
            expect(p.nextToken(), JsonToken.START_OBJECT, "the message");
            long h = root.checksum(this);
            JsonToken after = p.nextToken();
            if (after != null) {
                throw fail(after + " after the message");
            }
            return h;
        } finally {
            p = null;
        }
    }

    long marketData() throws IOException {
        long instrumentId = 0;
        long symbol = 0;
        long sequenceNumber = 0;
        long timestamp = 0;
        long entries = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "instrumentId" -> { instrumentId = longValue(); seen |= 1; }
                case "symbol" -> { symbol = string(); seen |= 1 << 1; }
                case "sequenceNumber" -> { sequenceNumber = longValue(); seen |= 1 << 2; }
                case "timestamp" -> { timestamp = longValue(); seen |= 1 << 3; }
                case "entries" -> {
                    int base = startList();
                    while (nextObjectElement()) {
                        push(bookEntry());
                    }
                    entries = fold(base);
                    seen |= 1 << 4;
                }
                default -> throw unknown(name, "MarketData");
            }
        }
        complete(seen, 5, "MarketData");
        long h = Checksum.SEED;
        h = Checksum.mix(h, instrumentId);
        h = Checksum.mix(h, symbol);
        h = Checksum.mix(h, sequenceNumber);
        h = Checksum.mix(h, timestamp);
        return Checksum.mix(h, entries);
    }

    private long bookEntry() throws IOException {
        long price = 0;
        long quantity = 0;
        int side = 0;
        int level = 0;
        int entryType = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "price" -> { price = longValue(); seen |= 1; }
                case "quantity" -> { quantity = longValue(); seen |= 1 << 1; }
                case "side" -> { side = ordinal(SIDES, "BookEntry.side"); seen |= 1 << 2; }
                case "level" -> {
                    level = intValue();
                    if (level < 0 || level > BookEntry.MAX_LEVEL) {
                        throw fail("BookEntry.level must be 0.." + BookEntry.MAX_LEVEL + ", was " + level);
                    }
                    seen |= 1 << 3;
                }
                case "entryType" -> { entryType = ordinal(ENTRY_TYPES, "BookEntry.entryType"); seen |= 1 << 4; }
                default -> throw unknown(name, "BookEntry");
            }
        }
        complete(seen, 5, "BookEntry");
        long h = Checksum.SEED;
        h = Checksum.mix(h, price);
        h = Checksum.mix(h, quantity);
        h = Checksum.mix(h, side);
        h = Checksum.mix(h, level);
        return Checksum.mix(h, entryType);
    }

    long user() throws IOException {
        long id = 0;
        long username = 0;
        long email = 0;
        int age = 0;
        boolean active = false;
        long createdAt = 0;
        long roles = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "id" -> { id = longValue(); seen |= 1; }
                case "username" -> { username = string(); seen |= 1 << 1; }
                case "email" -> { email = string(); seen |= 1 << 2; }
                case "age" -> { age = intValue(); seen |= 1 << 3; }
                case "active" -> { active = bool(); seen |= 1 << 4; }
                case "createdAt" -> { createdAt = longValue(); seen |= 1 << 5; }
                case "roles" -> { roles = strings(); seen |= 1 << 6; }
                default -> throw unknown(name, "User");
            }
        }
        complete(seen, 7, "User");
        long h = Checksum.SEED;
        h = Checksum.mix(h, id);
        h = Checksum.mix(h, username);
        h = Checksum.mix(h, email);
        h = Checksum.mix(h, age);
        h = Checksum.mix(h, active);
        h = Checksum.mix(h, createdAt);
        return Checksum.mix(h, roles);
    }

    long order() throws IOException {
        long clOrdId = 0;
        long account = 0;
        long symbol = 0;
        int side = 0;
        long orderQty = 0;
        int ordType = 0;
        double price = 0;
        int timeInForce = 0;
        long transactTime = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "clOrdId" -> { clOrdId = string(); seen |= 1; }
                case "account" -> { account = string(); seen |= 1 << 1; }
                case "symbol" -> { symbol = string(); seen |= 1 << 2; }
                case "side" -> { side = ordinal(SIDES, "Order.side"); seen |= 1 << 3; }
                case "orderQty" -> { orderQty = longValue(); seen |= 1 << 4; }
                case "ordType" -> { ordType = ordinal(ORD_TYPES, "Order.ordType"); seen |= 1 << 5; }
                case "price" -> {
                    price = doubleValue();
                    if (!Double.isFinite(price)) {
                        throw fail("Order.price must be finite, was " + price);
                    }
                    seen |= 1 << 6;
                }
                case "timeInForce" -> { timeInForce = ordinal(TIMES_IN_FORCE, "Order.timeInForce"); seen |= 1 << 7; }
                case "transactTime" -> { transactTime = longValue(); seen |= 1 << 8; }
                default -> throw unknown(name, "Order");
            }
        }
        complete(seen, 9, "Order");
        long h = Checksum.SEED;
        h = Checksum.mix(h, clOrdId);
        h = Checksum.mix(h, account);
        h = Checksum.mix(h, symbol);
        h = Checksum.mix(h, side);
        h = Checksum.mix(h, orderQty);
        h = Checksum.mix(h, ordType);
        h = Checksum.mixDouble(h, price);
        h = Checksum.mix(h, timeInForce);
        return Checksum.mix(h, transactTime);
    }

    long infrastructureExecution() throws IOException {
        long executionId = 0;
        long pipelineId = 0;
        long projectId = 0;
        int status = 0;
        int trigger = 0;
        long startedAt = 0;
        long stoppedAt = 0;
        long approvedAt = 0;
        long instanceIds = 0;
        long approvals = 0;
        long transformations = 0;
        long metadata = 0;
        long outputs = 0;
        boolean dryRun = false;
        boolean rollbackOnFailure = false;
        boolean approvalRequired = false;
        long errorMessage = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "executionId" -> { executionId = string(); seen |= 1; }
                case "pipelineId" -> { pipelineId = string(); seen |= 1 << 1; }
                case "projectId" -> { projectId = string(); seen |= 1 << 2; }
                case "status" -> { status = ordinal(EXECUTION_STATUSES, "InfrastructureExecution.status"); seen |= 1 << 3; }
                case "trigger" -> { trigger = ordinal(TRIGGER_TYPES, "InfrastructureExecution.trigger"); seen |= 1 << 4; }
                case "startedAt" -> { startedAt = longValue(); seen |= 1 << 5; }
                case "stoppedAt" -> { stoppedAt = longValue(); seen |= 1 << 6; }
                case "approvedAt" -> { approvedAt = longValue(); seen |= 1 << 7; }
                case "instanceIds" -> { instanceIds = strings(); seen |= 1 << 8; }
                case "approvals" -> {
                    int base = startList();
                    while (nextObjectElement()) {
                        push(approval());
                    }
                    approvals = fold(base);
                    seen |= 1 << 9;
                }
                case "transformations" -> {
                    int base = startList();
                    while (nextObjectElement()) {
                        push(transformation());
                    }
                    transformations = fold(base);
                    seen |= 1 << 10;
                }
                case "metadata" -> { metadata = map(); seen |= 1 << 11; }
                case "outputs" -> { outputs = map(); seen |= 1 << 12; }
                case "dryRun" -> { dryRun = bool(); seen |= 1 << 13; }
                case "rollbackOnFailure" -> { rollbackOnFailure = bool(); seen |= 1 << 14; }
                case "approvalRequired" -> { approvalRequired = bool(); seen |= 1 << 15; }
                case "errorMessage" -> { errorMessage = string(); seen |= 1 << 16; }
                default -> throw unknown(name, "InfrastructureExecution");
            }
        }
        complete(seen, 17, "InfrastructureExecution");
        long h = Checksum.SEED;
        h = Checksum.mix(h, executionId);
        h = Checksum.mix(h, pipelineId);
        h = Checksum.mix(h, projectId);
        h = Checksum.mix(h, status);
        h = Checksum.mix(h, trigger);
        h = Checksum.mix(h, startedAt);
        h = Checksum.mix(h, stoppedAt);
        h = Checksum.mix(h, approvedAt);
        h = Checksum.mix(h, instanceIds);
        h = Checksum.mix(h, approvals);
        h = Checksum.mix(h, transformations);
        h = Checksum.mix(h, metadata);
        h = Checksum.mix(h, outputs);
        h = Checksum.mix(h, dryRun);
        h = Checksum.mix(h, rollbackOnFailure);
        h = Checksum.mix(h, approvalRequired);
        return Checksum.mix(h, errorMessage);
    }

    private long approval() throws IOException {
        long approver = 0;
        int decision = 0;
        long decidedAt = 0;
        long comment = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "approver" -> {
                    expect(p.nextToken(), JsonToken.START_OBJECT, "Approval.approver");
                    approver = userInfo();
                    seen |= 1;
                }
                case "decision" -> { decision = ordinal(APPROVAL_DECISIONS, "Approval.decision"); seen |= 1 << 1; }
                case "decidedAt" -> { decidedAt = longValue(); seen |= 1 << 2; }
                case "comment" -> { comment = string(); seen |= 1 << 3; }
                default -> throw unknown(name, "Approval");
            }
        }
        complete(seen, 4, "Approval");
        long h = Checksum.SEED;
        h = Checksum.mix(h, approver);
        h = Checksum.mix(h, decision);
        h = Checksum.mix(h, decidedAt);
        return Checksum.mix(h, comment);
    }

    private long userInfo() throws IOException {
        long userId = 0;
        long displayName = 0;
        long email = 0;
        long team = 0;
        int seen = 0;
        for (String name; (name = nextName()) != null; ) {
            switch (name) {
                case "userId" -> { userId = string(); seen |= 1; }
                case "displayName" -> { displayName = string(); seen |= 1 << 1; }
                case "email" -> { email = string(); seen |= 1 << 2; }
                case "team" -> { team = string(); seen |= 1 << 3; }
                default -> throw unknown(name, "UserInfo");
            }
        }
        complete(seen, 4, "UserInfo");
        long h = Checksum.SEED;
        h = Checksum.mix(h, userId);
        h = Checksum.mix(h, displayName);
        h = Checksum.mix(h, email);
        return Checksum.mix(h, team);
    }

    private long transformation() throws IOException {
        long name = 0;
        int status = 0;
        long startedAt = 0;
        long finishedAt = 0;
        long outputs = 0;
        int seen = 0;
        for (String property; (property = nextName()) != null; ) {
            switch (property) {
                case "name" -> { name = string(); seen |= 1; }
                case "status" -> { status = ordinal(TRANSFORMATION_STATUSES, "Transformation.status"); seen |= 1 << 1; }
                case "startedAt" -> { startedAt = longValue(); seen |= 1 << 2; }
                case "finishedAt" -> { finishedAt = longValue(); seen |= 1 << 3; }
                case "outputs" -> {
                    int base = startList();
                    while (nextObjectElement()) {
                        push(transformationOutput());
                    }
                    outputs = fold(base);
                    seen |= 1 << 4;
                }
                default -> throw unknown(property, "Transformation");
            }
        }
        complete(seen, 5, "Transformation");
        long h = Checksum.SEED;
        h = Checksum.mix(h, name);
        h = Checksum.mix(h, status);
        h = Checksum.mix(h, startedAt);
        h = Checksum.mix(h, finishedAt);
        return Checksum.mix(h, outputs);
    }

    private long transformationOutput() throws IOException {
        long name = 0;
        long uri = 0;
        long sizeBytes = 0;
        int seen = 0;
        for (String property; (property = nextName()) != null; ) {
            switch (property) {
                case "name" -> { name = string(); seen |= 1; }
                case "uri" -> { uri = string(); seen |= 1 << 1; }
                case "sizeBytes" -> { sizeBytes = longValue(); seen |= 1 << 2; }
                default -> throw unknown(property, "TransformationOutput");
            }
        }
        complete(seen, 3, "TransformationOutput");
        long h = Checksum.SEED;
        h = Checksum.mix(h, name);
        h = Checksum.mix(h, uri);
        return Checksum.mix(h, sizeBytes);
    }

    // ---- tokens

    /** The next property name of the object being read, or null at its end. */
    private String nextName() throws IOException {
        String name = p.nextFieldName();
        if (name == null && p.currentToken() != JsonToken.END_OBJECT) {
            throw fail("a property name or the end of the object expected, found " + p.currentToken());
        }
        return name;
    }

    private long string() throws IOException {
        expect(p.nextToken(), JsonToken.VALUE_STRING, "a string");
        return stringHash();
    }

    /** The hash of the current string token. */
    private long stringHash() throws IOException {
        return Checksum.string(text());
    }

    /** The text of the current string token, where the parser has it. */
    private CharSequence text() throws IOException {
        return charsInPlace ? chars.of(p.getTextCharacters(), p.getTextOffset(), p.getTextLength()) : p.getText();
    }

    private long longValue() throws IOException {
        expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT, "an integer");
        return p.getLongValue();
    }

    private int intValue() throws IOException {
        expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT, "an integer");
        return p.getIntValue();
    }

    private double doubleValue() throws IOException {
        JsonToken token = p.nextToken();
        if (token != JsonToken.VALUE_NUMBER_FLOAT && token != JsonToken.VALUE_NUMBER_INT) {
            throw fail("a number expected, found " + token);
        }
        return p.getDoubleValue();
    }

    private boolean bool() throws IOException {
        JsonToken token = p.nextToken();
        if (token == JsonToken.VALUE_TRUE) {
            return true;
        }
        if (token == JsonToken.VALUE_FALSE) {
            return false;
        }
        throw fail("true or false expected, found " + token);
    }

    /** The ordinal of the enum constant named by the next string token, compared in place with {@code names}. */
    private int ordinal(char[][] names, String field) throws IOException {
        expect(p.nextToken(), JsonToken.VALUE_STRING, field);
        CharSequence text = text();
        for (int i = 0; i < names.length; i++) {
            if (same(names[i], text)) {
                return i;
            }
        }
        throw fail(field + ": '" + text + "' is not a known value");
    }

    private static boolean same(char[] name, CharSequence text) {
        if (name.length != text.length()) {
            return false;
        }
        for (int i = 0; i < name.length; i++) {
            if (name[i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The list value of an array of strings. */
    private long strings() throws IOException {
        int base = startList();
        for (JsonToken token; (token = p.nextToken()) != JsonToken.END_ARRAY; ) {
            expect(token, JsonToken.VALUE_STRING, "a string element");
            push(stringHash());
        }
        return fold(base);
    }

    /** The map value of an object of string values. */
    private long map() throws IOException {
        expect(p.nextToken(), JsonToken.START_OBJECT, "a map");
        int size = 0;
        long sum = 0;
        for (String key; (key = nextName()) != null; ) {
            long keyHash = Checksum.string(key);
            sum += Checksum.mapEntry(keyHash, string());
            size++;
        }
        return Checksum.map(size, sum);
    }

    /** Reads the start of an array; returns the stack height its elements are pushed from. */
    private int startList() throws IOException {
        expect(p.nextToken(), JsonToken.START_ARRAY, "an array");
        return top;
    }

    /** Whether another object element follows in the array being read (its start is read), or the array ended. */
    private boolean nextObjectElement() throws IOException {
        JsonToken token = p.nextToken();
        if (token == JsonToken.END_ARRAY) {
            return false;
        }
        expect(token, JsonToken.START_OBJECT, "an object element");
        return true;
    }

    private void push(long hash) {
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, 2 * top);
        }
        stack[top++] = hash;
    }

    /** The list hash of the elements pushed since {@code base}, which are popped. */
    private long fold(int base) {
        long h = Checksum.listStart(top - base);
        for (int i = base; i < top; i++) {
            h = Checksum.mix(h, stack[i]);
        }
        top = base;
        return h;
    }

    private void expect(JsonToken actual, JsonToken wanted, String what) throws JsonParseException {
        if (actual != wanted) {
            throw fail(what + ": " + wanted + " expected, found " + actual);
        }
    }

    private void complete(int seen, int components, String record) throws JsonParseException {
        int all = (1 << components) - 1;
        if (seen != all) {
            throw fail(record + " lacks " + Integer.bitCount(all & ~seen) + " of its " + components + " properties");
        }
    }

    private JsonParseException unknown(String name, String record) {
        return fail("unknown property '" + name + "' in " + record);
    }

    private JsonParseException fail(String what) {
        return new JsonParseException(p, what);
    }

    private static char[][] names(Enum<?>[] constants) {
        char[][] names = new char[constants.length][];
        for (int i = 0; i < constants.length; i++) {
            names[i] = constants[i].name().toCharArray();
        }
        return names;
    }

    /** A reusable view of a range of chars, for {@link Checksum#string(CharSequence)}. */
    private static final class Chars implements CharSequence {

        private char[] array;
        private int offset;
        private int length;

        Chars of(char[] chars, int from, int count) {
            array = chars;
            offset = from;
            length = count;
            return this;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            return array[offset + index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new String(array, offset + start, end - start);
        }

        @Override
        public String toString() {
            return new String(array, offset, length);
        }
    }
}

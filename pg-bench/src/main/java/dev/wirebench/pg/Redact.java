package dev.wirebench.pg;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** JDBC URLs as they may be shown: without any password they carry. */
final class Redact {

    private Redact() {
    }

    /**
     * {@code url} without its {@code password} and {@code sslpassword} parameters, so that it can be printed
     * and written into results.
     */
    static String url(String url) {
        int query = url.indexOf('?');
        if (query < 0) {
            return url;
        }
        List<String> kept = new ArrayList<>();
        for (String param : url.substring(query + 1).split("&")) {
            String name = param.split("=", 2)[0].toLowerCase(Locale.ROOT);
            if (!name.equals("password") && !name.equals("sslpassword")) {
                kept.add(param);
            }
        }
        return url.substring(0, query) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
    }
}

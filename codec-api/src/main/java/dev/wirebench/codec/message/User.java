package dev.wirebench.codec.message;

import java.io.Serializable;
import java.util.List;

/**
 * A user account: the SerializationHarness reference message.
 *
 * @param id        account id
 * @param username  login name
 * @param email     e-mail address
 * @param age       age in years
 * @param active    whether the account is active
 * @param createdAt creation time, epoch milliseconds
 * @param roles     granted roles in grant order (unmodifiable)
 */
public record User(long id, String username, String email, int age, boolean active, long createdAt, List<String> roles) implements Serializable {

    public User {
        Fields.require(username, "username");
        Fields.require(email, "email");
        roles = Fields.copy(roles, "roles");
    }
}

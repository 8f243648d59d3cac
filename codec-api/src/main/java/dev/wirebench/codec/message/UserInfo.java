package dev.wirebench.codec.message;

import java.io.Serializable;
/**
 * Who approved an execution.
 *
 * @param userId      directory id
 * @param displayName full name
 * @param email       e-mail address
 * @param team        owning team
 */
public record UserInfo(String userId, String displayName, String email, String team) implements Serializable {

    public UserInfo {
        Fields.require(userId, "userId");
        Fields.require(displayName, "displayName");
        Fields.require(email, "email");
        Fields.require(team, "team");
    }
}

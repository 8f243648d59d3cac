package dev.wirebench.codec;

import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.UserInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class InfrastructureExecutionSamples implements SampleSource<InfrastructureExecution> {

    private static final long T0 = 1_763_700_000_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private final List<Sample<InfrastructureExecution>> fixtures = List.of(
            new Sample<>("reference", reference()),
            new Sample<>("empty", new InfrastructureExecution("", "", "", ExecutionStatus.PENDING, TriggerType.MANUAL,
                    0L, 0L, 0L, List.of(), List.of(), List.of(), Map.of(), Map.of(), false, false, false, "")),
            new Sample<>("unicode", new InfrastructureExecution("執行-1", "pipeline-ü", "プロジェクト",
                    ExecutionStatus.FAILED, TriggerType.WEBHOOK, -1L, 1L, 0L, List.of("實例-\uD83D\uDE80"),
                    List.of(new Approval(new UserInfo("ユーザー", "Søren Kierkegaard", "søren@例え.jp", "Ωmega"),
                            ApprovalDecision.REJECTED, 1L, "nein — ¡no! \uD83D\uDE45")),
                    List.of(new Transformation("変換", TransformationStatus.FAILED, 1L, 2L,
                            List.of(new TransformationOutput("出力", "s3://バケット/ключ", -1L)))),
                    Map.of("ключ", "значение"), Map.of("", "\uD83D\uDCE6"), true, true, true,
                    "échec: délai dépassé ⏱")),
            new Sample<>("extremes", new InfrastructureExecution("x".repeat(500), "p", "q",
                    ExecutionStatus.CANCELLED, TriggerType.API, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE,
                    List.of(), List.of(), List.of(new Transformation("t", TransformationStatus.SKIPPED,
                            Long.MAX_VALUE, Long.MIN_VALUE, List.of(new TransformationOutput("", "", Long.MIN_VALUE)))),
                    Map.of(), Map.of("k", "v".repeat(1000)), true, false, true, "")));

    /** A successful production deploy: 15 instances, 3 approvals, 6 steps, 8 labels; ~2 KB as protobuf. */
    private static InfrastructureExecution reference() {
        List<String> instances = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            instances.add(String.format("i-0%015x", 0x9f3c2a1b4d5eL + i * 7919L));
        }
        List<Approval> approvals = List.of(
                new Approval(new UserInfo("u-1042", "Priya Raman", "priya.raman@example.com", "platform-sre"),
                        ApprovalDecision.APPROVED, T0 + 120 * SECOND, "Change window confirmed, rollback plan reviewed."),
                new Approval(new UserInfo("u-2077", "Marcus Webb", "marcus.webb@example.com", "payments-core"),
                        ApprovalDecision.APPROVED, T0 + 305 * SECOND, "LGTM, canary metrics are green."),
                new Approval(new UserInfo("u-3110", "Elena Petrova", "elena.petrova@example.com", "security"),
                        ApprovalDecision.APPROVED, T0 + 410 * SECOND, "IAM diff checked; no new public endpoints."));
        String[] steps = {"terraform-plan", "policy-check", "terraform-apply", "ansible-configure",
            "smoke-tests", "dns-cutover"};
        List<Transformation> transformations = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            long start = T0 + (500 + i * 90L) * SECOND;
            transformations.add(new Transformation(steps[i], TransformationStatus.DONE, start, start + 75 * SECOND,
                    List.of(new TransformationOutput(steps[i] + ".log",
                                    "s3://ci-artifacts/7f3a/" + steps[i] + ".log",
                                    18_432L + i * 1_024L),
                            new TransformationOutput(steps[i] + ".json",
                                    "s3://ci-artifacts/7f3a/" + steps[i] + ".json",
                                    2_048L + i * 256L))));
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("team", "payments-core");
        metadata.put("service", "payments-api");
        metadata.put("region", "eu-west-1");
        metadata.put("environment", "production");
        metadata.put("git.commit", "4f9c2d17e8b3a6051c2e9f7d3b8a1e6c5d4f2a90");
        metadata.put("git.branch", "release/2026.11");
        metadata.put("change.ticket", "CHG-48213");
        metadata.put("cost.center", "CC-4410");
        Map<String, String> outputs = new LinkedHashMap<>();
        outputs.put("load_balancer_dns", "payments-api-prod-1842.eu-west-1.elb.example.com");
        outputs.put("asg_name", "payments-api-prod-asg-20261121");
        outputs.put("image_id", "ami-0c4f2e9a7b13d5e68");
        outputs.put("release_version", "2026.11.21-4f9c2d1");
        return new InfrastructureExecution("7f3a9c1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b", "payments-api-deploy-production",
                "proj-payments-platform", ExecutionStatus.SUCCEEDED, TriggerType.MANUAL,
                T0, T0 + 1_200 * SECOND, T0 + 410 * SECOND, instances, approvals, transformations, metadata, outputs,
                false, true, true, "");
    }

    @Override
    public List<Sample<InfrastructureExecution>> fixtures() {
        return fixtures;
    }

    @Override
    public InfrastructureExecution random(RandomValues r) {
        return new InfrastructureExecution(r.string(36), r.string(30), r.string(20),
                r.pick(ExecutionStatus.values()), r.pick(TriggerType.values()),
                r.longValue(), r.longValue(), r.longValue(),
                r.list(20, () -> r.string(19)),
                r.list(4, () -> new Approval(new UserInfo(r.string(8), r.string(20), r.string(30), r.string(16)),
                        r.pick(ApprovalDecision.values()), r.longValue(), r.string(60))),
                r.list(8, () -> new Transformation(r.string(20), r.pick(TransformationStatus.values()),
                        r.longValue(), r.longValue(),
                        r.list(4, () -> new TransformationOutput(r.string(16), r.string(60), r.longValue())))),
                r.map(10, 24), r.map(6, 40), r.bool(), r.bool(), r.bool(), r.string(80));
    }
}

package deployment

// DefaultDeploymentUniqueLabelKey is the label that tells a Deployment's
// ReplicaSets (and their Pods) apart (apps/v1).
const DefaultDeploymentUniqueLabelKey = "pod-template-hash"

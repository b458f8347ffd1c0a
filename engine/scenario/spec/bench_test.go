package spec

import (
	"os"
	"testing"
)

func BenchmarkParseScenario(b *testing.B) {
	body, err := os.ReadFile("testdata/create-deployment.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Parse("scenario", body, at); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDefaultVocabulary(b *testing.B) {
	for b.Loop() {
		DefaultVocabulary()
	}
}

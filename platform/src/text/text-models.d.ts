declare module 'vader-sentiment' {
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  };
}

declare module 'wink-sentiment' {
  export default function sentiment(text: string): { score: number; normalizedScore: number };
}

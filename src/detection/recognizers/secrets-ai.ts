import type { Recognizer } from '../types';

/**
 * AI and ML provider API keys (OpenAI, Anthropic, Hugging Face, Groq, Replicate, Perplexity,
 * xAI, OpenRouter, Tavily, Firecrawl, Jina, LangSmith, Langfuse, Pinecone, ElevenLabs, Cohere).
 * Google AI (Gemini) keys use the Google API key format (see secrets-cloud). Sample values are
 * synthetic.
 */
export const aiSecretRecognizers: Recognizer[] = [
  {
    id: 'openai-api-key',
    type: 'OPENAI_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // "T3BlbkFJ" is base64 of "OpenAI", embedded in every user, project and service-account key.
    placement: { kind: 'start', keywords: ['t3blbkfj', 'sk-'] },
    patterns: [
      {
        name: 'marked',
        regex: String.raw`\bsk-(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{16,200}T3BlbkFJ[A-Za-z0-9_-]{16,200}(?![A-Za-z0-9_-])`,
        score: 0.95,
      },
      { name: 'project', regex: String.raw`\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,250}(?![A-Za-z0-9_-])`, score: 0.9 },
      // Legacy user keys: sk- and 48 alphanumerics.
      { name: 'legacy', regex: String.raw`\bsk-[A-Za-z0-9]{48}\b`, score: 0.85 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'OPENAI_API_KEY=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', value: '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' },
        { text: 'curl https://api.openai.com/v1/models -H "Authorization: Bearer sk-7TW06RZLazpcA9kjlfH8N514up4182eXwWiAAfESavVBIcXv"', value: 'sk-7TW06RZLazpcA9kjlfH8N514up4182eXwWiAAfESavVBIcXv' },
        { text: 'client = OpenAI(api_key="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")', value: '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' },
      ],
      negative: ['OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'OPENAI_API_KEY=sk-...'],
    },
  },
  {
    id: 'anthropic-api-key',
    type: 'ANTHROPIC_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['sk-ant-'] },
    patterns: [{ name: 'key', regex: String.raw`\bsk-ant-[a-z]{2,8}\d{2}-[A-Za-z0-9_-]{32,150}(?![A-Za-z0-9_-])`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'ANTHROPIC_API_KEY=sk-ant-api03-icnuIuFfMJBNKrTi_Vw7pgpy2KExGrrekBahke1I1UR3Cdd0S_ORaWhUaWvzLXNbw02ca17-6HTWppUTQK56ZLvPtV7jCAA', value: 'sk-ant-api03-icnuIuFfMJBNKrTi_Vw7pgpy2KExGrrekBahke1I1UR3Cdd0S_ORaWhUaWvzLXNbw02ca17-6HTWppUTQK56ZLvPtV7jCAA' }],
      negative: ['ANTHROPIC_API_KEY=sk-ant-api03-...', 'sk-ant-api03-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'huggingface-token',
    type: 'HUGGINGFACE_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['hf_', 'api_org_'] },
    patterns: [
      { name: 'user-token', regex: String.raw`\bhf_[A-Za-z0-9]{34,40}\b`, score: 0.9 },
      { name: 'org-token', regex: String.raw`\bapi_org_[A-Za-z0-9]{34}\b`, score: 0.9 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'HF_TOKEN="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"', value: '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' }],
      negative: ['from huggingface_hub import hf_hub_download', 'hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'ai-provider-key',
    type: 'AI_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['gsk_', 'r8_', 'pplx-', 'xai-', 'sk-or-v1-', 'tvly-', 'fc-', 'jina_', 'lsv2_', 'sk-lf-', 'pk-lf-', 'pcsk_', 'sk_'] },
    patterns: [
      { name: 'groq', regex: String.raw`\bgsk_[A-Za-z0-9]{50,54}\b`, score: 0.95 },
      { name: 'replicate', regex: String.raw`\br8_[A-Za-z0-9]{37}\b`, score: 0.9 },
      { name: 'perplexity', regex: String.raw`\bpplx-[A-Za-z0-9]{48}\b`, score: 0.95 },
      { name: 'xai', regex: String.raw`\bxai-[A-Za-z0-9]{80}\b`, score: 0.95 },
      { name: 'openrouter', regex: String.raw`\bsk-or-v1-[a-f0-9]{64}\b`, score: 0.95 },
      { name: 'tavily', regex: String.raw`\btvly-(?:dev-|prod-)?[A-Za-z0-9]{32}\b`, score: 0.95 },
      { name: 'firecrawl', regex: String.raw`\bfc-[a-f0-9]{32}\b`, score: 0.85 },
      { name: 'jina', regex: String.raw`\bjina_[a-f0-9]{32}[A-Za-z0-9_-]{20,40}(?![A-Za-z0-9_-])`, score: 0.95 },
      { name: 'langsmith', regex: String.raw`\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b`, score: 0.95 },
      { name: 'langfuse', regex: String.raw`\bsk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`, score: 0.9 },
      { name: 'pinecone', regex: String.raw`\bpcsk_[A-Za-z0-9_]{50,100}\b`, score: 0.95 },
      { name: 'elevenlabs', regex: String.raw`\bsk_[a-f0-9]{48}\b`, score: 0.85 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'GROQ_API_KEY=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', value: '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' },
        { text: 'REPLICATE_API_TOKEN=r8_exgb71q6vDii3JfF7gWWBR7OJ2eJxe6h17pcD', value: 'r8_exgb71q6vDii3JfF7gWWBR7OJ2eJxe6h17pcD' },
        { text: "TavilyClient(api_key='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')", value: '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' },
        { text: "os.getenv('JINA_KEY','jina_0fecdc025a63f66ed36285748b63ee37IjAxL2zibQ2oGIF6QZOkmwxfgelCAG')", value: 'jina_0fecdc025a63f66ed36285748b63ee37IjAxL2zibQ2oGIF6QZOkmwxfgelCAG' },
        { text: 'LANGSMITH_API_KEY=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', value: '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' },
      ],
      negative: ['gsk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'the fc-1 component', 'xai-sdk'],
    },
  },
  {
    id: 'cohere-api-key',
    type: 'AI_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['cohere', 'co_api_key'] },
    patterns: [
      {
        name: 'named',
        regex: String.raw`(?:cohere|co_api)[\w.-]{0,20}?["'\x60]?\s{0,5}(?:=>|:=|=|:|\()\s{0,5}(?:api_key\s{0,3}=\s{0,3})?["'\x60]?(?<value>[A-Za-z0-9]{40})(?![A-Za-z0-9])`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [{ text: 'co = cohere.Client("m0iIGQOYiOX4jycrpbdut22oGNfE0fxCb9baZ1WU")', value: 'm0iIGQOYiOX4jycrpbdut22oGNfE0fxCb9baZ1WU' }],
      negative: ['co = cohere.Client(os.environ["COHERE_API_KEY"])'],
    },
  },
];
